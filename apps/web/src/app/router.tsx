import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import HomePage from '../features/catalog/HomePage';
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
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
