import {
  IconArrowsExchange,
  IconBell,
  IconBrandGoogleDrive,
  IconCalendar,
  IconCalendarTime,
  IconDownload,
  IconFileText,
  IconLayoutDashboard,
  IconMail,
  IconSchool,
  IconSettings,
  IconSquarePlus,
  IconStack2,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import type { TRole } from '@uniapply/shared';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { PublicOnly } from './guards';
import type { TMenuScreen } from './layouts/menus';
import { RoleArea } from './layouts/role-area';
import { RootLayout } from './layouts/root-layout';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './pages/status-page';

const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const StudentDashboard = lazyPage(
  () => import('../features/student-dashboard/student-dashboard-page'),
  'StudentDashboardPage',
);
const ApplicantNotifications = lazyPage(
  () => import('../features/notifications/applicant-notifications-page'),
  'ApplicantNotificationsPage',
);
const Profile = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');
const wizardPage = (name: 'StudentApplicationPage' | 'AgentStudentFormPage' | 'AdminStudentFormPage') =>
  lazyPage(() => import('../features/application-wizard/wizard-pages'), name);

// Spec 2.2, the one table of screens: routes, tab titles and the sidebar menus all come from it.
// Paths use the menu's letter case; matching ignores case (DESIGN 6). Each screen is its own lazily
// loaded module: a feature replaces the placeholder by changing `page` on its line. `title` is a
// `shell` namespace key (the tab title, and the menu label); `menu` puts the screen in the role's
// sidebar with that icon, in the order of the lines (spec 2.2's order; icons from spec 2.1's set).
export const SCREENS: Record<TRole, TMenuScreen[]> = {
  Admin: [
    {
      path: 'Notification',
      title: 'menu.notifications',
      page: lazyPage(() => import('../features/notifications/notification-page'), 'NotificationPage'),
      menu: IconBell,
    },
    {
      path: 'Dashboard',
      title: 'menu.dashboard',
      page: lazyPage(() => import('../features/catalogue/admin-dashboard'), 'AdminDashboardPage'),
      menu: IconLayoutDashboard,
    },
    {
      path: 'Universities',
      title: 'menu.universities',
      page: lazyPage(() => import('../features/catalogue/universities'), 'UniversitiesPage'),
      menu: IconSchool,
    },
    {
      path: 'CourseLevels',
      title: 'menu.courseLevels',
      page: lazyPage(() => import('../features/catalogue/course-levels'), 'CourseLevelsPage'),
      menu: IconStack2,
    },
    {
      path: 'CourseCategories',
      title: 'menu.courseCategories',
      page: lazyPage(() => import('../features/catalogue/course-categories'), 'CourseCategoriesPage'),
      menu: IconStack2,
    },
    {
      path: 'Courses',
      title: 'menu.courses',
      page: lazyPage(() => import('../features/catalogue/courses'), 'CoursesPage'),
      menu: IconSchool,
    },
    {
      path: 'UniversityCourses',
      title: 'menu.universityCourses',
      page: lazyPage(() => import('../features/catalogue/university-courses'), 'UniversityCoursesPage'),
      menu: IconCalendar,
    },
    {
      path: 'ExchangeRates',
      title: 'menu.exchangeRates',
      page: lazyPage(() => import('../features/catalogue/exchange-rates'), 'ExchangeRatesPage'),
      menu: IconArrowsExchange,
    },
    {
      path: 'Intakes',
      title: 'menu.intakes',
      page: lazyPage(() => import('../features/catalogue/intakes'), 'IntakesPage'),
      menu: IconCalendarTime,
    },
    {
      path: 'DocumentType',
      title: 'menu.documentTypes',
      page: lazyPage(() => import('../features/catalogue/document-types'), 'DocumentTypesPage'),
      menu: IconSquarePlus,
    },
    {
      path: 'Students',
      title: 'menu.students',
      page: lazyPage(() => import('../features/catalogue/students'), 'StudentsPage'),
      menu: IconUser,
    },
    { path: 'Students/FormPage', title: 'menu.studentForm', page: wizardPage('AdminStudentFormPage') },
    {
      path: 'ApplicationForms',
      title: 'menu.applicationForms',
      page: lazyPage(() => import('../features/application-forms/application-forms'), 'ApplicationFormsPage'),
      menu: IconDownload,
    },
    {
      path: 'ApplicationForms/:id',
      title: 'menu.applicationRecord',
      page: lazyPage(
        () => import('../features/application-forms/application-record-page'),
        'ApplicationRecordPage',
      ),
    },
    {
      path: 'CheckGoogleDriveConnection',
      title: 'menu.googleDrive',
      page: lazyPage(() => import('../features/google-drive/drive-check-page'), 'DriveCheckPage'),
      menu: IconBrandGoogleDrive,
    },
    // Not in spec 2.2: SECURITY 19's account screen, after the spec's entries.
    {
      path: 'Users',
      title: 'menu.users',
      page: lazyPage(() => import('../features/users/users-page'), 'UsersPage'),
      menu: IconUsers,
    },
    {
      path: 'Outbox',
      title: 'menu.outbox',
      page: lazyPage(() => import('../features/mail/outbox'), 'OutboxPage'),
      menu: IconMail,
    },
    // Issue 22: the offer letter's template per language.
    {
      path: 'OfferLetters',
      title: 'menu.offerLetters',
      page: lazyPage(() => import('../features/offer-letters/offer-letters-page'), 'OfferLettersPage'),
      menu: IconFileText,
    },
    {
      path: 'Settings',
      title: 'menu.settings',
      page: lazyPage(() => import('../features/settings/settings-page'), 'SettingsPage'),
      menu: IconSettings,
    },
    { path: 'Profile', title: 'menu.profile', page: Profile },
  ],
  Student: [
    { path: 'Dashboard', title: 'menu.dashboard', page: StudentDashboard, menu: IconLayoutDashboard },
    {
      path: 'UniversityList',
      title: 'menu.universities',
      page: lazyPage(
        () => import('../features/student-catalogue/university-list-page'),
        'UniversityListPage',
      ),
      menu: IconSchool,
    },
    {
      path: 'UniversityCourseList',
      title: 'menu.courses',
      page: lazyPage(
        () => import('../features/student-catalogue/university-course-list-page'),
        'UniversityCourseListPage',
      ),
      menu: IconStack2,
    },
    {
      path: 'Infoform',
      title: 'menu.application',
      page: wizardPage('StudentApplicationPage'),
      menu: IconSquarePlus,
    },
    { path: 'Main', title: 'menu.main', page: StudentDashboard },
    {
      path: 'Notifications',
      title: 'menu.notifications',
      page: ApplicantNotifications,
      menu: IconBell,
      menuLast: true,
    },
    { path: 'Profile', title: 'menu.profile', page: Profile },
  ],
  Agent: [
    {
      path: 'Students',
      title: 'menu.application',
      page: lazyPage(() => import('../features/agent-students/student-maintenance'), 'AgentStudentsPage'),
      menu: IconSquarePlus,
    },
    { path: 'Students/FormPage', title: 'menu.studentForm', page: wizardPage('AgentStudentFormPage') },
    {
      path: 'Notifications',
      title: 'menu.notifications',
      page: ApplicantNotifications,
      menu: IconBell,
      menuLast: true,
    },
    { path: 'Profile', title: 'menu.profile', page: Profile },
  ],
};

const roleGroup = (role: TRole, home: string): RouteObject => ({
  path: role,
  element: <RoleArea role={role} screens={SCREENS[role]} />,
  children: [
    { index: true, element: <Navigate to={home} replace /> },
    ...SCREENS[role].map(({ path, page: Page }) => ({ path, element: <Page /> })),
  ],
});

export const ROUTES: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'login', element: <LoginPage /> },
        ],
      },
      roleGroup('Admin', 'Dashboard'),
      roleGroup('Student', 'Dashboard'),
      roleGroup('Agent', 'Students'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(ROUTES);
}
