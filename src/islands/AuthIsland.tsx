import { useId, useRef, useState, type FormEvent } from 'react'
import { z } from 'zod'

import { LOGIN_FAILED, loginSchema, registerSchema } from '#api/accounts/auth.schemas'
import { useLogin } from './api/accounts/login'
import { useRegister } from './api/accounts/register'
import { ErrorAlert } from './components/ui/Alert'
import { SubmitButton } from './components/ui/Button'
import { TextField } from './components/ui/Field'
import { QueryProvider } from './components/QueryProvider'
import { NotifyProvider, useNotify, type ToastMessage } from './components/ui/Toast'
import { setFlash } from './lib/flash'
import { ApiError, errorMessage } from './lib/http'
import { serverFieldErrors, validate, type FieldErrors } from './lib/form'
import { classChoicePath } from './lib/class-param'
import { homePathFor } from './lib/home-path'
import { focusHeading, scrollToTop } from './lib/scroll'
import { textReader, type IslandTexts } from './lib/texts'

type Mode = 'login' | 'register'

/** Registration form (spec §5): the shared schema plus a confirmation that is never sent. */
const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password') })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: "Passwords don't match" })

const REGISTER_FALLBACK = 'Could not create your account'
const REGISTER_FIELDS = ['fullName', 'email', 'username', 'phone', 'password'] as const

/** `classId`: the catalogue class being signed up for (issue 23), kept in the toggle's links and taken along after. */
type Props = { texts: IslandTexts; initialMode?: Mode; classId?: number | null }

function AuthForms({ texts, initialMode = 'login', classId = null }: Props) {
  const withClass = (path: string) => (classId ? `${path}${path.includes('?') ? '&' : '?'}class=${classId}` : path)
  const modePath = (option: Mode) => withClass(option === 'register' ? '/auth?mode=register' : '/auth')
  const t = textReader(texts)
  const id = useId()
  const [mode, setMode] = useState<Mode>(initialMode)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const notify = useNotify()
  const login = useLogin()
  const register = useRegister()

  function switchMode(next: Mode) {
    if (next === mode) return
    setMode(next)
    setErrors({})
    setFailure(null)
    login.reset()
    register.reset()
    window.history.replaceState(null, '', modePath(next))
    scrollToTop()
    requestAnimationFrame(() => focusHeading(heading.current))
  }

  // The toast goes with the account to its home page (a family with a catalogue class: to choosing
  // the child for it, with the add-child form open after registering); this page is left at once.
  function goHome(user: Parameters<typeof homePathFor>[0], message: ToastMessage) {
    setFlash(message)
    notify(message)
    const home = homePathFor(user)
    window.location.assign(classId && home === '/dashboard' ? classChoicePath(classId, mode === 'register') : home)
  }

  async function onLogin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const values = Object.fromEntries(new FormData(event.currentTarget))
    const checked = validate(loginSchema, values)
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      const user = await login.mutateAsync(checked.data)
      goHome(user, { title: t('auth.login.success_title'), text: t('auth.login.success_text') })
    } catch (error) {
      setFailure(errorMessage(error, LOGIN_FAILED))
    }
  }

  async function onRegister(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const values = Object.fromEntries(new FormData(event.currentTarget))
    const checked = validate(registerFormSchema, values)
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    const { confirmPassword: _confirmation, ...account } = checked.data
    try {
      const user = await register.mutateAsync(account)
      goHome(user, { title: t('auth.register.success_title'), text: t('auth.register.success_text') })
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, REGISTER_FIELDS))
      setFailure(errorMessage(error, REGISTER_FALLBACK))
    }
  }

  const field = (name: string) => `${id}-${name}`
  const pending = login.isPending || register.isPending || login.isSuccess || register.isSuccess

  return (
    <div>
      {/* Links, so the toggle also works before (or without) JavaScript; with it, no reload. */}
      <nav aria-label={t('auth.toggle.label')}>
        <ul className="grid grid-cols-2 gap-1 rounded-full bg-brand-50 p-1">
          {(['login', 'register'] as const).map((option) => (
            <li key={option}>
              <a
                href={modePath(option)}
                aria-current={mode === option ? 'page' : undefined}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
                  event.preventDefault()
                  switchMode(option)
                }}
                className={`block rounded-full px-3 py-2 text-center text-sm font-semibold ${mode === option ? 'bg-white text-brand-800 shadow-sm' : 'text-gray-800 hover:text-brand-800'}`}
              >
                {option === 'login' ? t('auth.toggle.login') : t('auth.toggle.register')}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <h1 ref={heading} className="mt-6 font-serif text-3xl text-ink">
        {mode === 'login' ? t('auth.login.heading') : t('auth.register.heading')}
      </h1>
      <p className="mt-1 text-gray-700">{mode === 'login' ? t('auth.login.subheading') : t('auth.register.subheading')}</p>

      {failure ? (
        <div className="mt-4">
          <ErrorAlert title={mode === 'login' ? t('auth.login.error_title') : t('auth.register.error_title')}>{failure}</ErrorAlert>
        </div>
      ) : null}

      {mode === 'login' ? (
        <form key="login" method="post" noValidate onSubmit={onLogin} className="mt-5 space-y-4" aria-label={t('auth.toggle.login')}>
          <TextField
            id={field('username')}
            name="username"
            label={t('auth.field.username')}
            hint={t('auth.field.username_hint')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username}
            required
          />
          <TextField
            id={field('password')}
            name="password"
            type="password"
            label={t('auth.field.password')}
            autoComplete="current-password"
            error={errors.password}
            required
          />
          <SubmitButton pending={pending} pendingLabel={t('auth.login.pending')}>
            {t('auth.login.submit')}
          </SubmitButton>
        </form>
      ) : (
        <form key="register" method="post" noValidate onSubmit={onRegister} className="mt-5 space-y-4" aria-label={t('auth.toggle.register')}>
          <TextField id={field('fullName')} name="fullName" label={t('auth.field.full_name')} autoComplete="name" error={errors.fullName} required />
          <TextField id={field('email')} name="email" type="email" label={t('auth.field.email')} autoComplete="email" error={errors.email} required />
          <TextField
            id={field('username')}
            name="username"
            label={t('auth.field.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username}
            required
          />
          <TextField id={field('phone')} name="phone" type="tel" label={t('auth.field.phone')} autoComplete="tel" error={errors.phone} />
          <TextField
            id={field('password')}
            name="password"
            type="password"
            label={t('auth.field.password')}
            autoComplete="new-password"
            error={errors.password}
            required
          />
          <TextField
            id={field('confirmPassword')}
            name="confirmPassword"
            type="password"
            label={t('auth.field.confirm_password')}
            autoComplete="new-password"
            error={errors.confirmPassword}
            required
          />
          <SubmitButton pending={pending} pendingLabel={t('auth.register.pending')}>
            {t('auth.register.submit')}
          </SubmitButton>
        </form>
      )}
    </div>
  )
}

/** /auth: log in or create an account (spec §2), then land by role. */
export default function AuthIsland(props: Props) {
  return (
    <QueryProvider>
      <NotifyProvider flash>
        <AuthForms {...props} />
      </NotifyProvider>
    </QueryProvider>
  )
}
