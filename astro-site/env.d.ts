/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in account, or null for a visitor (astro-site/middleware.ts). */
    viewer: import('#api/accounts/auth.schemas').UserDto | null
    /** Set by a page whose HTML is the same for every visitor without a session (middleware.ts). */
    shareable: boolean
  }
}
