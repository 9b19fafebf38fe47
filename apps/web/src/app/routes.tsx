import type { TRole } from '@uniapply/shared';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { PublicOnly } from './guards';
import { RoleArea, type TScreen } from './layouts/role-area';
import { RootLayout } from './layouts/root-layout';
import { lazyPage, type TLazyPage } from './lazy-page';
import { NotFoundPage } from './pages/status-page';

const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const Welcome: TLazyPage = lazyPage(() => import('../features/placeholders/welcome-page'), 'WelcomePage');
const Profile = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');

// Spec 2.2. Paths use the menu's letter case; matching ignores case (DESIGN 6). Each screen is its
// own lazily loaded module: a feature replaces the placeholder by changing `page` on its line.
// `title` is a `shell` namespace key shown in the browser tab.
export const SCREENS: Record<TRole, TScreen[]> = {
  Admin: [
    {
      path: 'Dashboard',
      title: 'menu.dashboard',
      page: lazyPage(() => import('../features/catalogue/admin-dashboard'), 'AdminDashboardPage'),
    },
    { path: 'Notification', title: 'menu.notifications', page: Welcome },
    {
      path: 'Universities',
      title: 'menu.universities',
      page: lazyPage(() => import('../features/catalogue/universities'), 'UniversitiesPage'),
    },
    {
      path: 'CourseLevels',
      title: 'menu.courseLevels',
      page: lazyPage(() => import('../features/catalogue/course-levels'), 'CourseLevelsPage'),
    },
    {
      path: 'CourseCategories',
      title: 'menu.courseCategories',
      page: lazyPage(() => import('../features/catalogue/course-categories'), 'CourseCategoriesPage'),
    },
    {
      path: 'Courses',
      title: 'menu.courses',
      page: lazyPage(() => import('../features/catalogue/courses'), 'CoursesPage'),
    },
    {
      path: 'UniversityCourses',
      title: 'menu.universityCourses',
      page: lazyPage(() => import('../features/catalogue/university-courses'), 'UniversityCoursesPage'),
    },
    {
      path: 'DocumentType',
      title: 'menu.documentTypes',
      page: lazyPage(() => import('../features/catalogue/document-types'), 'DocumentTypesPage'),
    },
    {
      path: 'Students',
      title: 'menu.students',
      page: lazyPage(() => import('../features/catalogue/students'), 'StudentsPage'),
    },
    { path: 'ApplicationForms', title: 'menu.applicationForms', page: Welcome },
    { path: 'CheckGoogleDriveConnection', title: 'menu.googleDrive', page: Welcome },
    { path: 'Profile', title: 'menu.profile', page: Profile },
  ],
  Student: [
    { path: 'Dashboard', title: 'menu.dashboard', page: Welcome },
    { path: 'Infoform', title: 'menu.application', page: Welcome },
    {
      path: 'UniversityList',
      title: 'menu.universities',
      page: lazyPage(
        () => import('../features/student-catalogue/university-list-page'),
        'UniversityListPage',
      ),
    },
    {
      path: 'UniversityCourseList',
      title: 'menu.courses',
      page: lazyPage(
        () => import('../features/student-catalogue/university-course-list-page'),
        'UniversityCourseListPage',
      ),
    },
    { path: 'Main', title: 'menu.main', page: Welcome },
    { path: 'Profile', title: 'menu.profile', page: Profile },
  ],
  Agent: [
    {
      path: 'Students',
      title: 'menu.application',
      page: lazyPage(() => import('../features/agent-students/student-maintenance'), 'AgentStudentsPage'),
    },
    { path: 'Students/FormPage', title: 'menu.studentForm', page: Welcome },
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
