import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import HomePage from '../features/catalog/HomePage';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { ShopLayout } from './ShopLayout';

const NotFoundPage = lazy(() => import('./NotFoundPage'));
const CategoryPage = lazy(() => import('../features/catalog/CategoryPage'));
const ProductDetailPage = lazy(() => import('../features/catalog/ProductDetailPage'));
const TermsPage = lazy(() => import('../features/content/TermsPage'));
const PrivacyPage = lazy(() => import('../features/content/PrivacyPage'));
const ContactPage = lazy(() => import('../features/content/ContactPage'));
// Accounts (issue 4)
const LoginPage = lazy(() => import('../features/account/LoginPage'));
const RegisterPage = lazy(() => import('../features/account/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/account/ForgotPasswordPage'));
const VerifyOtpPage = lazy(() => import('../features/account/VerifyOtpPage'));
const ResetPasswordPage = lazy(() => import('../features/account/ResetPasswordPage'));
const MembershipChoicePage = lazy(() => import('../features/account/MembershipChoicePage'));
const LogoutPage = lazy(() => import('../features/account/LogoutPage'));
const AdminLoginPage = lazy(() => import('../features/account/AdminLoginPage'));
// Carts (issue 5)
const CartPage = lazy(() => import('../features/cart/CartPage'));
const GuestCartPage = lazy(() => import('../features/cart/GuestCartPage'));

// Checkout and payments (issue 6)
const ContactDetailsPage = lazy(() => import('../features/checkout/ContactDetailsPage'));
const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage'));
const GuestCheckoutPage = lazy(() => import('../features/checkout/GuestCheckoutPage'));
const OrderConfirmationPage = lazy(() => import('../features/checkout/OrderConfirmationPage'));
const TrackOrderPage = lazy(() => import('../features/checkout/TrackOrderPage'));
// Membership, profile and orders (issue 7)
const MembershipPaymentPage = lazy(() => import('../features/membership/MembershipPaymentPage'));
const MembershipSuccessPage = lazy(() => import('../features/membership/MembershipSuccessPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const OrderHistoryPage = lazy(() => import('../features/profile/OrderHistoryPage'));
// Admin (issue 8): its own frame, which sends anyone but an administrator to /admin-login
const AdminLayout = lazy(() => import('../features/admin/AdminLayout'));
const EntryOptionPage = lazy(() => import('../features/admin/EntryOptionPage'));
const ProductInventoryPage = lazy(() => import('../features/admin/ProductInventoryPage'));
const ProductEntryPage = lazy(() => import('../features/admin/ProductEntryPage'));
const MemberStatusPage = lazy(() => import('../features/admin/MemberStatusPage'));
const OrderInventoryPage = lazy(() => import('../features/admin/OrderInventoryPage'));
const SettingsPage = lazy(() => import('../features/admin/SettingsPage'));

/** The one place where features meet: every route of the shop. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ShopLayout />}>
        <Route index element={<HomePage />} />
        {/* Storefront (issue 3) */}
        <Route path="dashboard" element={<HomePage audience="member" />} />
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
        <Route path="admin-login" element={<AdminLoginPage />} />
        {/* Carts (issue 5) */}
        <Route path="cart" element={<CartPage />} />
        <Route path="guest-cart" element={<GuestCartPage />} />
        {/* Checkout and payments (issue 6) */}
        <Route path="contact-details" element={<ContactDetailsPage />} />
        <Route path="checkout" element={<CheckoutPage />} />
        <Route path="guestcheckout" element={<GuestCheckoutPage />} />
        <Route path="order-confirmation" element={<OrderConfirmationPage />} />
        <Route path="track-order" element={<TrackOrderPage />} />
        {/* Membership, profile and orders (issue 7) */}
        <Route path="membership-payment" element={<MembershipPaymentPage />} />
        <Route path="membership" element={<MembershipPaymentPage />} />
        <Route path="membership-success" element={<MembershipSuccessPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="order-history" element={<OrderHistoryPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      {/* Admin (issue 8) */}
      <Route
        element={
          <RouteErrorBoundary>
            <Suspense fallback={null}>
              <AdminLayout />
            </Suspense>
          </RouteErrorBoundary>
        }
      >
        <Route path="entry-option" element={<EntryOptionPage />} />
        <Route path="product-inventory" element={<ProductInventoryPage />} />
        <Route path="product-entry" element={<ProductEntryPage />} />
        <Route path="member-status" element={<MemberStatusPage />} />
        <Route path="order-inventory" element={<OrderInventoryPage />} />
        <Route path="settings" element={<SettingsPage />} />
      </Route>
    </Routes>
  );
}
