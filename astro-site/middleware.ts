import { defineMiddleware } from 'astro:middleware'

import { loadViewer } from './lib/viewer'

/** Every page knows who is looking (nav variant, admin controls, /auth redirect). */
export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.viewer = context.isPrerendered ? null : await loadViewer(context.request)
  return next()
})
