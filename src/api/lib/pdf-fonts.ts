import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import type { Font as FontkitFont } from '@pdf-lib/fontkit'
import type { PDFDocument } from 'pdf-lib'

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0]

/**
 * The faces every PDF of the app writes with (docs/operations.md "PDFs"): Noto Sans (Latin with
 * Vietnamese and Polish, Greek, Cyrillic) and, for what it lacks, Noto Sans CJK: Simplified
 * Chinese with Japanese kana, then Korean, and last Noto Emoji (the monochrome emoji, with
 * their joiners and skin tones). Each comes from its npm package (`@embedpdf/fonts-*`,
 * `@expo-google-fonts/noto-emoji`; SIL Open Font License), is read and parsed once per process, and is embedded in a document
 * only when one of its characters is written there, as a subset of the glyphs used. fontkit
 * itself is loaded with the first PDF (`loadPdfFonts`): a process that writes none never loads it.
 */
export type FaceWeight = 'regular' | 'bold'

type FontkitModule = { create(buffer: Uint8Array): FontkitFont }
let engine: FontkitModule | undefined

function fontkit(): FontkitModule {
  if (!engine) throw new Error('The PDF fonts are not loaded: call loadPdfFonts() first.')
  return engine
}

/** Each face's package and its file, relative to the folder of the package's entry. */
const FACES: Record<FaceWeight, readonly [pkg: string, file: string][]> = {
  regular: [
    ['@embedpdf/fonts-latin', '../fonts/NotoSans-Regular.ttf'],
    ['@embedpdf/fonts-sc', '../fonts/NotoSansHans-Regular.otf'],
    ['@embedpdf/fonts-kr', '../fonts/NotoSansKR-Regular.otf'],
    ['@expo-google-fonts/noto-emoji', '400Regular/NotoEmoji_400Regular.ttf'],
  ],
  // Bold Latin and emoji; Chinese, Japanese and Korean in their regular weight (two fewer 8 MB faces to read and subset).
  bold: [
    ['@embedpdf/fonts-latin', '../fonts/NotoSans-Bold.ttf'],
    ['@embedpdf/fonts-sc', '../fonts/NotoSansHans-Regular.otf'],
    ['@embedpdf/fonts-kr', '../fonts/NotoSansKR-Regular.otf'],
    ['@expo-google-fonts/noto-emoji', '700Bold/NotoEmoji_700Bold.ttf'],
  ],
}

/** One face: its file's bytes (what pdf-lib embeds) and the font parsed from them, both read when first needed. */
export type Face = { key: string; readonly bytes: Uint8Array; readonly font: FontkitFont }

const byBytes = new WeakMap<Uint8Array, FontkitFont>()
const loadedFaces = new Map<string, { bytes: Uint8Array; font: FontkitFont }>()

/**
 * The font as pdf-lib sees it: every character its own glyph from the character map. pdf-lib
 * uses only the glyphs of a layout (never its positions), and a full OpenType layout costs
 * milliseconds a line (the CJK faces' substitution tables more); the text is composed (NFC)
 * before it is written, so the glyph of each character is the one to draw, and each glyph maps
 * back to its one character when the text is read from the PDF.
 */
function glyphByGlyph(font: FontkitFont): FontkitFont {
  const layout = (text: string) => ({ glyphs: [...text].map((character) => font.glyphForCodePoint(character.codePointAt(0)!)), positions: [] })
  return new Proxy(font, { get: (target, key) => (key === 'layout' ? layout : Reflect.get(target, key, target)) })
}

function face(pkg: string, file: string): Face {
  const key = `${pkg}/${file}`
  const load = () => {
    const known = loadedFaces.get(key)
    if (known) return known
    // Found from the package's entry (the embedpdf packages keep it in dist/ and their fonts in fonts/).
    const entry = createRequire(import.meta.url).resolve(pkg)
    const bytes = new Uint8Array(readFileSync(path.join(path.dirname(entry), file)))
    const loaded = { bytes, font: fontkit().create(bytes) }
    loadedFaces.set(key, loaded)
    byBytes.set(bytes, glyphByGlyph(loaded.font))
    return loaded
  }
  return {
    key,
    get bytes() {
      return load().bytes
    },
    get font() {
      return load().font
    },
  }
}

const faces: Record<FaceWeight, Face[]> = {
  regular: FACES.regular.map(([pkg, file]) => face(pkg, file)),
  bold: FACES.bold.map(([pkg, file]) => face(pkg, file)),
}

/** The faces of a weight, in the order a character is looked for in them (each parsed once per process, when first asked). */
export function facesOf(weight: FaceWeight): Face[] {
  return faces[weight]
}

/**
 * The fontkit pdf-lib embeds with. A CFF face (the CJK ones, 8 MB each) is parsed once per
 * process and shared by every document. A TrueType face is parsed afresh from a copy of its
 * bytes for each document: fontkit's subsetter writes the new glyph ids of a composite glyph's
 * parts (an accented letter such as "ị") into the font's own bytes, so a shared TrueType face
 * drew other letters wrong in every later document of the process ("Mia" read back "M\u0002a").
 */
const cachedFontkit: Fontkit = {
  create: (bytes: Uint8Array) => {
    const shared = byBytes.get(bytes)
    if (!shared) return fontkit().create(bytes) as never
    // fontkit's table directory (not in its types): a TrueType face has `glyf`, a CFF face `CFF `.
    const { tables } = (shared as unknown as { directory: { tables: Record<string, unknown> } }).directory
    return ('glyf' in tables ? glyphByGlyph(fontkit().create(bytes.slice())) : shared) as never
  },
}

/** Loads fontkit (once per process) and answers the fontkit to register with a document. */
export async function loadPdfFonts(): Promise<Fontkit> {
  engine ??= ((await import('@pdf-lib/fontkit')) as unknown as { default: FontkitModule }).default
  return cachedFontkit
}

/** The face that draws a character: the first that has it (a later face is read only for what the earlier lack), or none. */
export function faceFor(list: Face[], codePoint: number): Face | undefined {
  return list.find((candidate) => candidate.font.hasGlyphForCodePoint(codePoint))
}

/** The advance of a character in a face at a size, in points. */
export function advance(of: Face, codePoint: number, size: number): number {
  return (of.font.glyphForCodePoint(codePoint).advanceWidth * size) / of.font.unitsPerEm
}
