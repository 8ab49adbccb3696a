import { lazy, Suspense } from 'react';
import { createRoutesFromElements, matchRoutes, Route, useRoutes } from 'react-router';
import { type LazyPage, lazyPage } from '../lib/lazy-page';
import HomePage, { MemberHomePage } from '../features/catalog/HomePage';
import { InEnglish } from '../i18n/react';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { ShopLayout } from './ShopLayout';

const NotFoundPage = lazyPage(() => import('./NotFoundPage'));
const CategoryPage = lazyPage(() => import('../features/catalog/CategoryPage'));
const ProductDetailPage = lazyPage(() => import('../features/catalog/ProductDetailPage'));
const TermsPage = lazyPage(() => import('../features/content/TermsPage'));
const PrivacyPage = lazyPage(() => import('../features/content/PrivacyPage'));
const ContactPage = lazyPage(() => import('../features/content/ContactPage'));
// Accounts (issue 4)
const LoginPage = lazyPage(() => import('../features/account/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/account/RegisterPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/account/ForgotPasswordPage'));
const VerifyOtpPage = lazyPage(() => import('../features/account/VerifyOtpPage'));
const ResetPasswordPage = lazyPage(() => import('../features/account/ResetPasswordPage'));
const MembershipChoicePage = lazyPage(() => import('../features/account/MembershipChoicePage'));
const LogoutPage = lazyPage(() => import('../features/account/LogoutPage'));
const AdminLoginPage = lazyPage(() => import('../features/account/AdminLoginPage'));
const ConfirmEmailPage = lazyPage(() => import('../features/account/ConfirmEmailPage'));
const StaffInvitePage = lazyPage(() => import('../features/account/StaffInvitePage'));
const SignInCodePage = lazyPage(() => import('../features/second-factor/SignInCodePage'));
const SignInSetUpPage = lazyPage(() => import('../features/second-factor/SignInSetUpPage'));
const SecondFactorSection = lazy(() =>
  import('../features/second-factor/SecondFactorSection').then((module) => ({ default: module.SecondFactorSection })),
);
// Carts (issue 5)
const CartPage = lazyPage(() => import('../features/cart/CartPage'));
const GuestCartPage = lazyPage(() => import('../features/cart/GuestCartPage'));

// Checkout and payments (issue 6)
const ContactDetailsPage = lazyPage(() => import('../features/checkout/ContactDetailsPage'));
const CheckoutPage = lazyPage(() => import('../features/checkout/CheckoutPage'));
const GuestCheckoutPage = lazyPage(() => import('../features/checkout/GuestCheckoutPage'));
const OrderConfirmationPage = lazyPage(() => import('../features/checkout/OrderConfirmationPage'));
const TrackOrderPage = lazyPage(() => import('../features/checkout/TrackOrderPage'));
const ConfirmOrderPage = lazyPage(() => import('../features/checkout/ConfirmOrderPage'));
// Membership, profile and orders (issue 7)
const MembershipPaymentPage = lazyPage(() => import('../features/membership/MembershipPaymentPage'));
const MembershipSuccessPage = lazyPage(() => import('../features/membership/MembershipSuccessPage'));
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'));
const OrderHistoryPage = lazyPage(() => import('../features/profile/OrderHistoryPage'));
// Admin (issue 8): its own frame, which sends anyone but an administrator to /admin-login
const AdminLayout = lazyPage(() => import('../features/admin/shared/AdminLayout'));
const EntryOptionPage = lazyPage(() => import('../features/admin/setup/EntryOptionPage'));
const ProductInventoryPage = lazyPage(() => import('../features/admin/catalogue/ProductInventoryPage'));
const ProductEntryPage = lazyPage(() => import('../features/admin/catalogue/ProductEntryPage'));
// Categories the owner manages (issue 30)
const CategoriesPage = lazyPage(() => import('../features/admin/catalogue/CategoriesPage'));
const DiscountCodesPage = lazyPage(() => import('../features/admin/discount-codes/DiscountCodesPage'));
const MemberStatusPage = lazyPage(() => import('../features/admin/customers/MemberStatusPage'));
const CustomersPage = lazyPage(() => import('../features/admin/customers/CustomersPage'));
const DashboardPage = lazyPage(() => import('../features/admin/reports/DashboardPage'));
const OrderInventoryPage = lazyPage(() => import('../features/admin/orders/OrderInventoryPage'));
const SettingsPage = lazyPage(() => import('../features/admin/settings/SettingsPage'));
const IntegrationsPage = lazyPage(() => import('../features/admin/integrations/IntegrationsPage'));
// Staff accounts, API keys, the activity log, one's own account (issue 21).
const StaffPage = lazyPage(() => import('../features/admin/staff/StaffPage'));
const ApiKeysPage = lazyPage(() => import('../features/admin/integrations/ApiKeysPage'));
const ActivityPage = lazyPage(() => import('../features/admin/reports/ActivityPage'));
const AdminAccountPage = lazyPage(() => import('../features/admin/staff/AdminAccountPage'));
// Tax invoices and packing slips (issue 19)
const InvoicePage = lazyPage(() => import('../features/invoice/InvoicePage'));
const AdminInvoicePage = lazyPage(() => import('../features/invoice/AdminInvoicePage'));
const PackingSlipPage = lazyPage(() => import('../features/invoice/PackingSlipPage'));

/** The one place where features meet: every route of the shop. */
export const appRoutes = createRoutesFromElements(
  <>
    <Route element={<ShopLayout />}>
      <Route index element={<HomePage />} />
      {/* Storefront (issue 3) */}
      <Route path="dashboard" element={<MemberHomePage />} />
      <Route path="category/:categoryName?" element={<CategoryPage />} />
      <Route path="dashboard-category/:categoryName?" element={<CategoryPage audience="member" />} />
      <Route path="index-item/:id" element={<ProductDetailPage audience="guest" />} />
      <Route path="indexdetail/:id" element={<ProductDetailPage audience="guest" />} />
      <Route path="item/:id" element={<ProductDetailPage audience="member" />} />
      <Route path="itemdetail/:id" element={<ProductDetailPage audience="member" />} />
      <Route path="terms" element={<TermsPage />} />
      <Route path="terms-and-conditions" element={<TermsPage />} />
      <Route path="terms-of-service" element={<TermsPage />} />
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="privacy-policy" element={<PrivacyPage />} />
      <Route path="contact" element={<ContactPage />} />
      {/* Accounts (issue 4) */}
      <Route path="login" element={<LoginPage />} />
      <Route path="register" element={<RegisterPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="verify-otp" element={<VerifyOtpPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route path="membership-choice" element={<MembershipChoicePage />} />
      <Route path="logout" element={<LogoutPage />} />
      <Route
        path="admin-login"
        element={
          <InEnglish>
            <AdminLoginPage />
          </InEnglish>
        }
      />
      <Route
        path="admin-login/code"
        element={
          <InEnglish>
            <SignInCodePage />
          </InEnglish>
        }
      />
      <Route
        path="admin-login/set-up"
        element={
          <InEnglish>
            <SignInSetUpPage />
          </InEnglish>
        }
      />
      <Route
        path="staff-invite"
        element={
          <InEnglish>
            <StaffInvitePage />
          </InEnglish>
        }
      />
      <Route path="confirm-email" element={<ConfirmEmailPage />} />
      {/* Carts (issue 5) */}
      <Route path="cart" element={<CartPage />} />
      <Route path="guest-cart" element={<GuestCartPage />} />
      {/* Checkout and payments (issue 6) */}
      <Route path="contact-details" element={<ContactDetailsPage />} />
      <Route path="checkout" element={<CheckoutPage />} />
      <Route path="guestcheckout" element={<GuestCheckoutPage />} />
      <Route path="order-confirmation" element={<OrderConfirmationPage />} />
      <Route path="track-order" element={<TrackOrderPage />} />
      <Route path="confirm-order/:orderId" element={<ConfirmOrderPage />} />
      {/* Membership, profile and orders (issue 7) */}
      <Route path="membership-payment" element={<MembershipPaymentPage />} />
      <Route path="membership" element={<MembershipPaymentPage />} />
      <Route path="membership-success" element={<MembershipSuccessPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="order-history" element={<OrderHistoryPage />} />
      <Route path="invoice" element={<InvoicePage />} />
      <Route path="invoice/:orderId" element={<InvoicePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    {/* Admin (issue 8) */}
    <Route
      element={
        <RouteErrorBoundary>
          <Suspense fallback={null}>
            <InEnglish>
              <AdminLayout />
            </InEnglish>
          </Suspense>
        </RouteErrorBoundary>
      }
    >
      <Route path="entry-option" element={<EntryOptionPage />} />
      <Route path="product-inventory" element={<ProductInventoryPage />} />
      <Route path="product-entry" element={<ProductEntryPage />} />
      <Route path="categories" element={<CategoriesPage />} />
      <Route path="discount-codes" element={<DiscountCodesPage />} />
      <Route path="member-status" element={<MemberStatusPage />} />
      <Route path="customers" element={<CustomersPage />} />
      <Route path="reports" element={<DashboardPage />} />
      <Route path="order-inventory" element={<OrderInventoryPage />} />
      <Route path="order-inventory/:orderId/invoice" element={<AdminInvoicePage />} />
      <Route path="order-inventory/:orderId/packing-slip" element={<PackingSlipPage />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="integrations" element={<IntegrationsPage />} />
      <Route path="staff" element={<StaffPage />} />
      <Route path="api-keys" element={<ApiKeysPage />} />
      <Route path="activity" element={<ActivityPage />} />
      <Route
        path="admin-account"
        element={
          <AdminAccountPage
            secondFactor={
              <Suspense fallback={null}>
                <SecondFactorSection />
              </Suspense>
            }
          />
        }
      />
    </Route>
  </>,
);

export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * The components of the route `pathname` shows, outermost first: the frame (ShopLayout), then the page. A caller
 * that has matched the routes already passes its matches.
 */
export function routeComponents(pathname: string, matches = matchRoutes(appRoutes, pathname) ?? []): unknown[] {
  return matches.map(({ route }) => (route.element as { type?: unknown } | null | undefined)?.type);
}

/**
 * Loads the code of the lazy pages and frames the route of `pathname` shows (nothing when it has none). Matching
 * the shop's routes takes a while on a slow phone: the start-up matches once and passes the components.
 */
export async function preloadRoute(pathname: string, components = routeComponents(pathname)): Promise<void> {
  await Promise.all(components.map((type) => (type as Partial<LazyPage<object>> | undefined)?.preload?.()));
}
