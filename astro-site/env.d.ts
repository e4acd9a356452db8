/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in account, or null for a visitor (astro-site/middleware.ts). */
    viewer: import('../src/api/schemas/auth').UserDto | null
  }
}
