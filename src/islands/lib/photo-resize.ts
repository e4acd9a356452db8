/** The longest side of a pickup photo as the portal sends it: enough to recognise a face at the door. */
export const PHOTO_MAX_SIDE = 480

/**
 * A photo from the phone's camera or gallery, scaled down (never up) to PHOTO_MAX_SIDE on its
 * longest side and re-encoded as JPEG: a few dozen kilobytes instead of megabytes, and without
 * the camera's metadata (location, device). Throws when the browser cannot read the file as an image.
 */
export async function resizedPhoto(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file)
  try {
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height))
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(bitmap.width * scale))
    canvas.height = Math.max(1, Math.round(bitmap.height * scale))
    const context = canvas.getContext('2d')
    if (!context) throw new Error('This browser cannot prepare the photo.')
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    return canvas.toDataURL('image/jpeg', 0.82)
  } finally {
    bitmap.close()
  }
}
