/** The spec's profile, cart-popup and order-history messages (checkout-and-admin.md 2, 5, 8). */
export const profileMessages = {
  notSignedIn: 'User not logged in. Please log in to view your profile.',
  loadFailed: 'Failed to load profile data.',
  loadNetwork: 'Failed to load profile. Please check your network and try again.',
  notFoundTitle: 'Profile Not Found',
  notFound: "It seems there's no profile data available for you.",
  saveFailed: 'Failed to update profile.',
  saveNetwork: 'Failed to update profile. Network error.',
  saveNotSignedIn: 'User not logged in. Cannot save profile.',
  saved: 'Profile updated successfully!',
  cancelled: 'Changes cancelled.',
  newPasswordPlaceholder: 'Enter new password (optional)',
  newPasswordHint: 'Leave blank to keep current password.',
  emailTaken: 'An account with this email already exists.',
  // Changing the e-mail or the password (issue 16, finding 3)
  currentPasswordLabel: 'Current Password',
  currentPasswordHint: 'Needed to change your e-mail address or password.',
  currentPasswordMissing: 'Please enter your current password to change your e-mail address or password.',
  currentPasswordWrong: 'Your current password is not correct.',
  emailChangeSent: 'Check your inbox to confirm your new e-mail address.',
  emailLinkInvalid: 'This confirmation link is invalid or has expired. Please change your e-mail address again.',
  emailConfirmed: 'Your e-mail address has been changed.',
  // The address of the last order, offered while the profile has none (issue 17)
  lastOrderAddressTitle: 'Your last order went to this address:',
  useLastOrderAddress: 'Use this address',
  lastOrderAddressSaved: 'Address saved to your profile.',
  noOrderAddress: 'None of your orders has a delivery address to save.',
  // The cart popup
  cartNotSignedIn: 'User not logged in. Cannot fetch cart.',
  cartLoadFailed: 'Failed to load cart data.',
  cartNetwork: 'Failed to load cart. Please check your network and try again.',
  cartEmpty: 'Your cart is empty.',
  cartEmptyHint: 'Start adding some exciting products!',
  // The orders popup
  ordersNotSignedIn: 'User information not available. Please log in.',
  ordersLoadFailed: 'Failed to fetch orders.',
  ordersNetwork: 'Could not load order history. Please try again later.',
  noOrders: "You haven't placed any orders yet.",
} as const;

export const orderHistoryMessages = {
  title: 'Your Order History',
  notSignedIn: 'User not logged in. Please log in to view your order history.',
  loadFailed: 'Failed to load order history.',
  loadNetwork: 'Failed to load order history. Network error.',
  noOrders: "You haven't placed any orders yet.",
  emptyTitle: 'No Orders Found',
  noItems: 'No items found for this order.',
} as const;

export const savedListMessages = {
  title: 'My Saved List',
  empty: 'Your saved list is empty.',
  emptyHint: 'Tap the heart on a product to keep it here for later.',
  saved: 'Saved to your list.',
  removed: 'Removed from your list.',
  loadFailed: 'Failed to load your saved list.',
  saveFailed: 'Could not update your saved list. Please try again.',
} as const;

/** The line under the e-mail address while a new one waits for its confirmation. */
export function pendingEmailNotice(pendingEmail: string): string {
  return `Check your inbox at ${pendingEmail} to confirm your new e-mail address. Until then, sign in with the current one.`;
}

/** A shopper's first name for the welcome heading: the stored one, else the first word of the full name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}
