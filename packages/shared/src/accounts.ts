/** The spec's account messages, in one place so the API and the web say exactly the same thing. */
export const accountMessages = {
  // Sign-in (storefront.md 5, 8)
  loginMissingTitle: 'Heads up!',
  loginMissing: 'Email and password are required to sign in.',
  loginFailedTitle: 'Login Failed',
  loginFailed: 'Invalid email or password. Please try again.',
  loggedIn: 'Logged in successfully!',
  loggedOut: 'Logged out.',
  loggingOut: 'Logging out...',
  networkTitle: 'Network Error',
  network: 'Could not connect to the server. Please check your internet connection and try again.',
  // Registration
  registerMissingTitle: 'Oops! Missing Information',
  registerMissing: 'Please fill in all fields to create your account.',
  registerFailedTitle: 'Registration Failed',
  registerFailed: 'Something went wrong. Please try again.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  registered: 'Account created! Welcome to Bilum.',
  // Forgot and reset (storefront.md 5, 8; checkout-and-admin.md 5, 8)
  forgotMissing: 'Please enter your email address.',
  forgotFailedTitle: 'Failed to send reset instructions.',
  somethingWrong: 'Something went wrong. Please try again.',
  forgotSent: 'If an account exists for that email, we have sent a 6-digit code and a reset link to it.',
  newPasswordMissing: 'Please enter a new password.',
  tokenMissing: 'Invalid or missing token.',
  tokenInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordsDiffer: 'Passwords do not match.',
  passwordTooCommon: 'This password is too common. Choose a less common password.',
  fillAllFields: 'Please fill in all fields.',
  codeMissing: 'Please enter your email and OTP.',
  codeInvalid: 'Invalid OTP. Please try again.',
  codeVerified: 'OTP verified successfully!',
  passwordReset: 'Password reset successfully!',
  resetFailed: 'Failed to reset password.',
  // Sessions and guards (storefront.md 6)
  signInRequiredTitle: 'Sign In Required',
  signInRequired: 'Please sign in to continue.',
  sessionInvalidTitle: 'Authentication Error',
  sessionInvalid: 'Your session is invalid. Please log in again.',
  notAdmin: 'Access Denied: Not an administrator account.',
  // Admin sign-in (checkout-and-admin.md 5, 8)
  adminMissing: 'Login Failed: Username and password are required.',
  adminFailed: 'Login Failed: Invalid username or password.',
  adminLoggedIn: 'Admin login successful! Redirecting to Inventory.',
  // Membership choice (storefront.md 4)
  alreadyMember: 'You already have an active membership.',
  // Abuse
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

/** Delays of the spec, in milliseconds (decisions.md "Easy to miss"). */
/** A new password's length: at least 8 characters (decisions.md), at most 128. */
export const passwordRules = { min: 8, max: 128 } as const;

export const accountDelays = {
  afterLogin: 1500,
  afterRegister: 1500,
  afterBasicPlan: 2000,
  afterPasswordReset: 2000,
  afterAdminLogin: 1000,
  logout: 500,
} as const;

/** Length of the e-mailed password-reset code. */
export const resetCodeLength = 6;

/**
 * Browser-storage keys of the spec that hold a shopper's data; sign-out removes them (decisions.md).
 * `guestCartItems` stays: it belongs to the guest cart, not to the account.
 */
export const shopperStorageKeys = [
  'userId',
  'userEmail',
  'userFullName',
  'username',
  'isAuthenticated',
  'isAdmin',
  'isMember',
  'discountRate',
  'membershipType',
  'cartItems',
  'cartItemsForCheckout',
  'shippingInfo',
  'userInfoId',
  'checkoutType',
  'fromPage',
  'guestCartItemsForCheckout',
] as const;
