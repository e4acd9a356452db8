import type { CollectionConfig } from 'payload'

import { isAdmin } from '#cms/access/isAdmin'
import { isAdminField } from '#cms/access/isAdminField'
import { isAdminOrSelf } from '#cms/access/isAdminOrSelf'
import { nobody } from '#cms/access/nobody'
import type { CmsSettings } from '#server/env.server'
import { isAdminUser } from '#shared/roles'
import { cachedJwtStrategy } from './auth/cachedJwtStrategy'
import { refuseFirstRegister } from './endpoints/refuseFirstRegister'
import { deleteUserData } from './hooks/deleteUserData'
import { endSessionsOnDeactivate } from './hooks/endSessionsOnDeactivate'
import { enforcePasswordPolicy } from './hooks/enforcePasswordPolicy'
import { forgetUserAfterChange, forgetUserAfterDelete, forgetUserAfterLogout } from './hooks/forgetCachedUser'
import { guardCredentialChanges } from './hooks/guardCredentialChanges'
import { handOverHousehold } from './hooks/handOverHousehold'
import { clearEmailBounceOnEmailChange } from './hooks/clearEmailBounce'
import { guardLoginAttempt, recordSuccessfulLogin, sameLoginFailure } from './hooks/guardLogin'
import { protectAdministratorsOnChange, protectAdministratorsOnDelete } from './hooks/protectAdministrators'
import { refuseForgotPassword } from './hooks/refuseForgotPassword'
import { refuseInactiveLogin } from './hooks/refuseInactiveLogin'
import { refuseReservedUsername } from './hooks/refuseReservedUsername'
import { releaseTeacherClasses } from './hooks/releaseTeacherClasses'
import { voidResetTokenOnCredentialChange } from './hooks/voidResetTokenOnCredentialChange'

/** The accounts collection; its cookie is Secure when the site is served over https (the settings' origin). */
export const usersCollection = (settings: Pick<CmsSettings, 'publicOrigin'>): CollectionConfig => ({
  slug: 'users',
  labels: { singular: 'Account', plural: 'Accounts' },
  admin: {
    group: 'Families',
    useAsTitle: 'fullName',
    defaultColumns: ['fullName', 'username', 'email', 'isActive', 'isAdmin', 'isTeacher', 'createdAt'],
    listSearchableFields: ['fullName', 'username', 'email'],
    description: 'Parents, adult students, teachers and administrators. Only administrators can sign in here.',
  },
  auth: {
    loginWithUsername: { allowEmailLogin: true, requireEmail: true, requireUsername: true },
    tokenExpiration: 60 * 60 * 24 * 7,
    maxLoginAttempts: 8,
    lockTime: 10 * 60 * 1000,
    useSessions: true,
    // The session travels in the HttpOnly cookie only; no answer carries the token (login CSRF, XSS).
    removeTokenFromResponses: true,
    cookies: { sameSite: 'Lax', secure: settings.publicOrigin.startsWith('https://') },
    // Serves the signed-in user from memory; Payload's own JWT strategy stays as the fallback.
    strategies: [cachedJwtStrategy],
  },
  access: {
    // Only administrators may sign in to Payload's admin panel at /cms.
    admin: ({ req }) => isAdminUser(req.user),
    read: isAdminOrSelf,
    // Families register through POST /api/register (src/api/accounts/register.ts), never here.
    create: isAdmin,
    update: isAdminOrSelf,
    delete: isAdmin,
    // Lifting a login lock through Payload's REST would undo the lock for whoever asks.
    unlock: isAdmin,
  },
  endpoints: [refuseFirstRegister],
  hooks: {
    beforeOperation: [guardCredentialChanges, refuseForgotPassword, enforcePasswordPolicy, guardLoginAttempt],
    beforeLogin: [refuseInactiveLogin],
    afterLogin: [recordSuccessfulLogin],
    beforeChange: [
      refuseReservedUsername,
      endSessionsOnDeactivate,
      protectAdministratorsOnChange,
      voidResetTokenOnCredentialChange,
      clearEmailBounceOnEmailChange,
    ],
    beforeDelete: [protectAdministratorsOnDelete, handOverHousehold, deleteUserData],
    afterChange: [forgetUserAfterChange, releaseTeacherClasses],
    afterDelete: [forgetUserAfterDelete],
    afterLogout: [forgetUserAfterLogout],
    afterError: [sameLoginFailure],
  },
  fields: [
    { name: 'fullName', type: 'text', required: true, maxLength: 120 },
    { name: 'phone', type: 'text', maxLength: 40 },
    {
      name: 'isActive',
      label: 'Active',
      type: 'checkbox',
      defaultValue: true,
      index: true,
      access: { create: isAdminField, update: isAdminField },
      admin: { position: 'sidebar', description: 'Inactive accounts cannot sign in; their data is kept.' },
    },
    {
      name: 'isAdmin',
      label: 'Administrator',
      type: 'checkbox',
      defaultValue: false,
      access: { create: isAdminField, update: isAdminField },
      admin: { position: 'sidebar', description: "Administrators manage the academy in /admin and here. The account named 'admin' always is one." },
    },
    {
      // The role rule itself is isTeacherUser in src/shared/roles.ts (decisions §9).
      name: 'isTeacher',
      label: 'Teacher',
      type: 'checkbox',
      defaultValue: false,
      index: true,
      access: { create: isAdminField, update: isAdminField },
      admin: { position: 'sidebar', description: 'Teachers see the classes they teach at /teach and take attendance there.' },
    },
    {
      // A second guardian's household (decisions §23): the account that holds its rows. Changed only
      // by the household endpoints (an invitation accepted, leaving, removal, a merge), never here.
      name: 'household',
      label: 'Guardian of the household of',
      type: 'relationship',
      relationTo: 'users',
      index: true,
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, position: 'sidebar', description: 'Empty when the household is this account itself.' },
    },
    {
      name: 'guardianAccess',
      label: 'Guardian access',
      type: 'select',
      defaultValue: 'full',
      options: [
        { label: 'Full', value: 'full' },
        { label: 'View and attendance', value: 'view' },
      ],
      access: { create: isAdminField, update: isAdminField },
      admin: {
        position: 'sidebar',
        description: 'A view-and-attendance guardian sees the schedule and statement and reports absences; they cannot enroll, drop or pay.',
      },
    },
    {
      // On a household's own account: which of its guardians pays (empty: this account).
      name: 'householdPayer',
      label: 'Household payer',
      type: 'relationship',
      relationTo: 'users',
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      // The mail server refused this address for good (a 5xx answer to a message copy, issue 25): the
      // studio fixes it with the family. Cleared when the email changes (hooks/clearEmailBounce.ts).
      name: 'emailBouncedAt',
      label: 'Email bounced on',
      type: 'date',
      access: { read: isAdminField, create: nobody, update: nobody },
      admin: { readOnly: true, position: 'sidebar', description: 'The mail server refused this address. Correct the email to clear it.' },
    },
    {
      name: 'emailBounceAnswer',
      label: 'Mail server’s answer',
      type: 'text',
      access: { read: isAdminField, create: nobody, update: nobody },
      admin: { readOnly: true, position: 'sidebar', condition: (data) => Boolean(data?.emailBouncedAt) },
    },
    {
      // sha-256 of our password-reset token (decisions §3); never readable through any API.
      name: 'resetTokenHash',
      type: 'text',
      index: true,
      hidden: true,
      access: { read: nobody, create: nobody, update: nobody },
    },
    {
      name: 'resetTokenExpiry',
      type: 'date',
      hidden: true,
      access: { read: nobody, create: nobody, update: nobody },
    },
  ],
  timestamps: true,
})
