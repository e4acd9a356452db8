import type { ContentSection } from './schemas'

/**
 * The built-in text of every editable key on the public pages (decisions §6). A stored,
 * published site-content item with the same key overrides it.
 */
export const SITE_CONTENT_DEFAULTS = {
  'global.site_name': 'Grace Ballet Academy',
  'global.tagline': 'Dance with grace and purpose',
  'global.logo_text': 'GBA',
  'global.skip_link': 'Skip to content',

  'home.header.sign_in': 'Sign In',
  'home.header.contact': 'Contact Us',
  'home.hero.title': 'Where every dancer finds their grace',
  'home.hero.subtitle': 'Ballet and dance classes for children, teens and adults, taught with care by professional instructors in bright, welcoming studios.',
  'home.hero.primary_cta': 'Explore Classes',
  'home.hero.secondary_cta': 'Join the Academy',
  'home.hero.image_alt': 'Young dancers in a bright ballet studio',
  'home.mission.title': 'Our Mission',
  'home.mission.text':
    'We nurture dancers of all ages and abilities with classical technique, creativity and confidence. Every student is seen, encouraged and challenged to grow at their own pace.',
  'home.programs.title': 'Our Programs',
  'home.programs.children.title': "Children's Ballet",
  'home.programs.children.text': 'Creative movement and pre-ballet that build coordination, musicality and a love of dance, from age 3.',
  'home.programs.teen.title': 'Teen Ballet',
  'home.programs.teen.text': 'Classical technique, pointe preparation and contemporary styles for dedicated young dancers.',
  'home.programs.adult.title': 'Adult Ballet',
  'home.programs.adult.text': 'Beginner and open classes for adults who want to start, return to or deepen their dancing.',
  'home.programs.link': 'Explore Classes',

  'classes.title': 'Our Classes',
  'classes.description': 'Find the right class for every age and level. All classes are taught by experienced, caring instructors.',
  'classes.filter.all': 'All Ages',
  'classes.filter.label': 'Filter classes by age group',
  'classes.filter.ages_prefix': 'Ages',
  'classes.card.time_label': 'Time',
  'classes.card.days_label': 'Days',
  'classes.card.instructor_label': 'Instructor',
  'classes.card.location_label': 'Location',
  'classes.loading': 'Loading classes…',
  'classes.count': '{count} classes shown',
  'classes.error': 'Failed to load classes. Please try again.',
  'classes.empty': 'No classes found for this age group. Please try another filter.',
  'classes.card.signup': 'Sign Up to Enroll',
  'classes.cta.title': 'Ready to start dancing?',
  'classes.cta.description': 'Create an account to enroll your dancer, or get in touch and we will help you choose the right class.',
  'classes.cta.contact_button': 'Contact Us',
  'classes.cta.signup_button': 'Sign Up Now',

  'contact.title': 'Contact Us',
  'contact.subtitle': 'Questions about classes, registration or billing? Send us a message and we will reply within 24-48 hours.',
  'contact.form.title': 'Send us a message',
  'contact.field.name': 'Name',
  'contact.field.email': 'Email',
  'contact.field.subject': 'Subject',
  'contact.field.subject_placeholder': 'Select a subject',
  'contact.field.message': 'Message',
  'contact.submit': 'Send Message',
  'contact.pending': 'Sending...',
  'contact.success.title': 'Thank You!',
  'contact.success.text': 'Your question has been received. We will reply within 24-48 hours.',
  'contact.success.again': 'Submit Another Question',
  'contact.toast.title': 'Message sent',
  'contact.toast.text': 'Thank you for reaching out. We will reply within 24-48 hours.',
  'contact.info.title': 'Visit or call us',

  'auth.login.heading': 'Welcome Back',
  'auth.login.subheading': 'Log in to manage your dancers, classes and payments.',
  'auth.register.heading': 'Create an Account',
  'auth.register.subheading': 'Join the academy to enroll your dancers in classes.',
  'auth.toggle.label': 'Log in or create an account',
  'auth.toggle.login': 'Log In',
  'auth.toggle.register': 'Create an Account',
  'auth.field.username': 'Username',
  'auth.field.username_hint': 'You can also use your email address.',
  'auth.field.password': 'Password',
  'auth.field.full_name': 'Full Name',
  'auth.field.email': 'Email',
  'auth.field.phone': 'Phone (optional)',
  'auth.field.confirm_password': 'Confirm Password',
  'auth.login.submit': 'Log In',
  'auth.login.pending': 'Logging in...',
  'auth.register.submit': 'Create Account',
  'auth.register.pending': 'Creating account...',
  'auth.login.error_title': 'Login failed',
  'auth.register.error_title': 'Registration failed',
  'auth.login.success_title': 'Welcome back!',
  'auth.login.success_text': "You've successfully logged in.",
  'auth.register.success_title': 'Registration successful!',
  'auth.register.success_text': 'Your account has been created.',
  'auth.forgot_link': 'Forgot your password?',
  'auth.terms': 'By continuing, you agree to our Terms of Service and Privacy Policy.',

  'forgot.title': 'Forgot Password',
  'forgot.subtitle': 'Enter the email address of your account and we will send you a link to reset your password.',
  'forgot.field.email': 'Email',
  'forgot.submit': 'Send Reset Link',
  'forgot.pending': 'Sending...',
  'forgot.error_title': 'Something went wrong',
  'forgot.sent.title': 'Request Sent',
  'forgot.sent.text': 'Check your inbox for the link. It is valid for one hour.',
  'forgot.sent.demo_link': 'Demo mode: open your reset link',
  'forgot.back_to_login': 'Back to Login',

  'reset.title': 'Reset Password',
  'reset.subtitle': 'Choose a new password for your account.',
  'reset.field.password': 'New Password',
  'reset.field.confirm': 'Confirm New Password',
  'reset.submit': 'Reset Password',
  'reset.pending': 'Resetting...',
  'reset.error.title': 'This link cannot be used',
  'reset.error.link': 'Request a New Link',
  'reset.success.title': 'Password Reset',
  'reset.success.text': 'Your password has been changed. Taking you to the login page…',
  'reset.success.link': 'Go to Login now',

  'footer.academy_name': 'Grace Ballet Academy',
  'footer.academy_tagline': 'Dance with grace and purpose. Teaching dancers of all ages since 2010.',
  'footer.quick_links_title': 'Quick Links',
  'footer.link_classes': 'Classes',
  'footer.link_login': 'Login',
  'footer.link_register': 'Register',
  'footer.link_contact': 'Contact Us',
  'footer.contact_info_title': 'Contact Info',
  'footer.address': '125 Pirouette Lane',
  'footer.city': 'Springfield, IL 62701',
  'footer.phone': '(555) 123-4567',
  'footer.email': 'hello@graceballet.example',
  'footer.copyright': '© Grace Ballet Academy. Dancing together since 2010.',

  'nav.home': 'Home',
  'nav.classes': 'Classes',
  'nav.contact': 'Contact',
  'nav.login': 'Login',
  'nav.dashboard': 'Dashboard',
  'nav.admin': 'Admin',
  'nav.schedule': 'Schedule',
  'nav.billing': 'Billing',
  'nav.account': 'Account',

  // Decisions §25: the academy's words a guardian agrees to once, before the first electronic signature.
  'policy.esign_consent':
    'I agree to sign the academy’s policies electronically. My typed full name is my signature and has the same effect as a handwritten one. ' +
    'I may withdraw this consent at any time by asking the studio for paper copies to sign instead.',

  'notfound.title': 'Page not found',
  'notfound.text': 'The page you are looking for has moved or never existed.',
  'notfound.link': 'Back to the home page',
} as const

export type SiteContentKey = keyof typeof SITE_CONTENT_DEFAULTS

/** The section a key belongs to, from its prefix (used when an admin first edits a default). */
export function sectionOfKey(key: string): ContentSection {
  const prefix = key.split('.')[0]
  switch (prefix) {
    case 'home':
    case 'landing':
      return 'home'
    case 'classes':
    case 'class':
      return 'classes'
    case 'contact':
    case 'footer':
    case 'dashboard':
    case 'about':
    case 'faq':
    case 'policy':
      return prefix
    default:
      return 'global'
  }
}
