import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageId } from '@worker/contract/messages';

/**
 * The server's error sentences (worker/contract/messages.ts) that this app says itself, in the
 * page's language, from the message id and parameters of an error body. A sentence missing here
 * is shown as the server rendered it for the page's language (the request's Accept-Language), so
 * the table lists what users of this app meet; the server's own words for the rest stay true.
 * Nothing in the app reads an error's text: it acts on the code and says the id.
 */
export const ERROR_MESSAGES = {
  codeAttemptsExceeded: msg({ message: 'Too many wrong attempts, please request a new code' }),
  codeAttemptsLeft: msg({
    message: 'Login failed, please check the verification code ({left, plural, one {# attempt} other {# attempts}} left)',
  }),
  codeUsed: msg({ message: 'The verification code has already been used, please request a new one' }),
  codeExpired: msg({ message: 'The verification code has expired, please request a new one' }),
  resendTooSoon: msg({ message: 'Please wait {seconds, plural, one {# second} other {# seconds}} before requesting a new code' }),
  emailTaken: msg({ message: 'An account with this e-mail already exists' }),
  emailUnmailable: msg({ message: 'This e-mail address cannot receive mail' }),
  referralOnlyNewAccounts: msg({ message: 'Referral codes apply only to new accounts' }),
  referralOwnCode: msg({ message: 'You cannot use your own referral code' }),
  emailAlreadyVerified: msg({ message: 'Your e-mail is already verified' }),
  googleEmailNotVerified: msg({ message: 'Your Google account e-mail is not verified, so it cannot be used to sign in' }),
  googleNotConfigured: msg({ message: 'Google sign-in is not configured on this server' }),
  invalidCredentials: msg({ message: 'Incorrect e-mail or password' }),
  passwordSignInPaused: msg({
    message:
      'Password sign-in for this account is paused after many failed attempts from different places. Sign in with an e-mail code instead.',
  }),
  tooManySignInAttempts: msg({ message: 'Too many sign-in attempts, please try again later' }),
  tooManyAccountsFromNetwork: msg({ message: 'Too many accounts created from this network, please try again later' }),
  tooManyCodesForEmail: msg({ message: 'Too many codes requested for this e-mail, please try again later' }),
  authFailed: msg({ message: 'Authentication failed, please log in again' }),
  sessionExpired: msg({ message: 'Login session expired, please sign in again' }),
  signInFirst: msg({ message: 'Please sign in first' }),
  forbidden: msg({ message: 'You do not have permission to do this' }),
  passwordChangedMeanwhile: msg({ message: 'The password was changed meanwhile, please try again' }),
  noPasswordYet: msg({ message: 'This account has no password yet: set one with a code sent to your e-mail' }),
  emailChangedMeanwhile: msg({ message: 'Your e-mail was changed meanwhile, please try again' }),
  samePassword: msg({ message: 'The new password is the same as the current one' }),
  sameEmail: msg({ message: 'This is already your e-mail' }),
  currentPasswordRequired: msg({ message: 'Please enter your current password' }),
  currentPasswordWrong: msg({ message: 'The current password is incorrect' }),
  noChanges: msg({ message: 'No changes detected' }),
  emailRequired: msg({ message: 'Please enter your email' }),
  emailTooLong: msg({ message: 'Email is too long' }),
  emailInvalid: msg({ message: 'Please enter a valid email' }),
  codeRequired: msg({ message: 'Please enter verification code' }),
  codeFormat: msg({ message: 'The verification code is 6 digits' }),
  usernameRequired: msg({ message: 'Username cannot be empty' }),
  usernameTooShort: msg({ message: 'Username must be at least {min} characters' }),
  usernameTooLong: msg({ message: 'Username must be at most {max} characters' }),
  passwordRequired: msg({ message: 'Please enter your password' }),
  passwordTooShort: msg({ message: 'Password must be at least {min} characters' }),
  passwordTooLong: msg({ message: 'Password must be at most {max} characters' }),
  referralCodeTooLong: msg({ message: 'The referral code can be at most {max} characters' }),
  referralCodeInvalid: msg({ message: 'Invalid referral code' }),
  tooManyAttempts: msg({ message: 'Too many attempts, please try again later' }),
  tooManyRequests: msg({ message: 'Too many requests, please try again later' }),
  tooManyAvatarUploads: msg({ message: 'Too many avatar uploads, please try again later' }),
  tooManyPasswordResets: msg({ message: 'Too many password reset requests, please try again later' }),
  tooManyUploads: msg({ message: 'Too many uploads, please try again in a few minutes' }),
  tooManyJobsInProgress: msg({ message: 'You already have {max} images in progress; start more when one finishes' }),
  workShareFull: msg({ message: 'You already have a lot of work in progress; start more when some of it finishes' }),
  engineBusy: msg({ message: 'Many people are creating right now. Nothing was charged; please try again shortly' }),
  exportsPerDay: msg({ message: 'At most {max} exports a day, please try again later' }),
  insufficientCredits: msg({ message: 'Insufficient credits, please recharge and try again' }),
  creationInProgress: msg({ message: 'This creation is still being generated' }),
  workStillRunning: msg({ message: 'Some of your images or your data export are still being made; try again when they are finished' }),
  imageUndecodable: msg({ message: 'The image is damaged or incomplete and cannot be read' }),
  upscalerUnavailable: msg({ message: 'The upscaler is not available on this server' }),
  toolUnavailable: msg({ message: 'This tool is not available on this server' }),
  upscaleTooLarge: msg({
    message:
      'At {factor}× the image can be at most {pixels} pixels (about {side}×{side}) and {perSide} px per side; this one is {width}×{height}',
  }),
  upscaleTooLargeFit: msg({
    message:
      'At {factor}× the image can be at most {pixels} pixels (about {side}×{side}) and {perSide} px per side; this one is {width}×{height}. Send fitToBudget=true to shrink it to fit, or choose a smaller factor',
  }),
  engineBusyShort: msg({ message: 'The image engine is busy, please try again shortly' }),
  fileNotFound: msg({ message: 'File not found' }),
  resourceNotFound: msg({ message: 'Resource not found, may have been deleted' }),
  taskNotFound: msg({ message: 'Task not found' }),
  imageTooLargeDimensions: msg({ message: 'Image dimensions are too large' }),
  fileTooLarge: msg({ message: 'File size cannot exceed {megabytes}MB' }),
  imageTooLarge: msg({ message: 'Image size cannot exceed {megabytes}MB' }),
  onlyFormats: msg({ message: 'Only {formats} formats are supported' }),
  selectValidImage: msg({ message: 'Please select a valid image file ({formats})' }),
  selectImage: msg({ message: 'Please select an image file' }),
  uploadFirst: msg({ message: 'Please upload an image first' }),
  oneImageAtATime: msg({ message: 'Upload one image at a time' }),
  tooManyImagesPerEdit: msg({ message: 'At most {max} images per edit' }),
  describeEffect: msg({ message: 'Please describe the effect you want' }),
  logoDescriptionRequired: msg({ message: 'Please enter logo description' }),
  faceSwapNeedsInput: msg({ message: 'Describe the look or choose at least one option' }),
  promptRequired: msg({ message: 'Please enter a prompt' }),
  promptTooLong: msg({ message: 'Prompt cannot exceed {max} characters' }),
  faceSwapOfflineNothingToApply: msg({
    message:
      'Without an AI model this server can only apply what it recognises: hair and eye colour, beards, glasses, hats and other head accessories, backgrounds, lighting, photo effects and art styles. Choose options, or describe one of these (for example "wearing sunglasses and a baseball cap", "blue hair", "on a beach")',
  }),
  editOfflineNothingToApply: msg({
    message:
      'Without an AI model this server edits only what it recognises: the background (a colour, a blur, none, or a scene such as a night city skyline or a beach), a style (anime, sketch, watercolour, oil, pop art, cyberpunk), colour and light, or several uploads combined. Describe one of these',
  }),
  orderNotFound: msg({ message: 'Order not found' }),
  noActiveSubscription: msg({ message: 'You have no active subscription' }),
  subscriptionExists: msg({ message: 'You already have a subscription; it must end before you start another' }),
  subscriptionCheckoutOpen: msg({ message: 'A subscription checkout is already open: finish or cancel it before starting another' }),
  cancelAtProviderFailed: msg({ message: 'Cancel subscription failed at the payment provider, please try again' }),
  cancelBeforeDeletionFailed: msg({
    message: 'Your subscription could not be cancelled at the payment provider, so nothing was deleted; please try again',
  }),
  checkoutFailed: msg({ message: 'Failed to create payment session. Please try again.' }),
  refundOnlyPaid: msg({ message: 'Only paid orders can be refunded' }),
  refundInProgress: msg({ message: 'A refund for this order is already being processed' }),
  refundPartlyAtProvider: msg({
    message: 'Part of this payment was already refunded by the payment provider; our support team settles the rest',
  }),
  paymentHeldForSupport: msg({ message: 'This payment did not match the order and is held for our support team, who settle it' }),
  refundWindowPassed: msg({ message: 'Refunds are only possible within {days} days of payment' }),
  refundsPerMonth: msg({ message: 'At most {max} refunds are allowed in 30 days' }),
  refundCreditsSpent: msg({ message: 'Not enough credits left to refund this order: {have} of {need} needed' }),
  noReceipt: msg({ message: 'No receipt for this order: it is not paid, or not yours' }),
  receiptPdfUnavailable: msg({ message: 'The receipt PDF cannot be made right now; the receipt page can still be printed' }),
  internalError: msg({ message: 'Internal server error' }),
  databaseUnavailable: msg({ message: 'The service is briefly unavailable, please try again in a moment' }),
  exportTimedOut: msg({ message: 'The export took too long, please try again' }),
  exportServiceUnavailable: msg({ message: 'The export service is unavailable, please try again' }),
  exportBuildFailed: msg({ message: 'The export could not be built, please try again' }),
} satisfies Partial<Record<MessageId, MessageDescriptor>>;
