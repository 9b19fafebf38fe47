import {
  IconBell,
  IconCalendar,
  IconDownload,
  IconLayoutDashboard,
  IconSchool,
  IconSquarePlus,
  IconStack2,
  IconUser,
} from '@tabler/icons-react';
import type { TRole } from '@uniapply/shared';
import type { ComponentType } from 'react';

export type TMenuItem = {
  /** Key in the `shell` namespace. */
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
  /** Without a route the item is shown disabled (spec 2.2: "no route"). */
  to?: string;
};

// Spec 2.2, in the spec's order; icons from spec 2.1's set (bell, dashboard grid, download, calendar,
// add-box, person, cap or stack).
export const MENUS: Record<TRole, TMenuItem[]> = {
  Admin: [
    { label: 'menu.notifications', icon: IconBell, to: '/Admin/Notification' },
    { label: 'menu.dashboard', icon: IconLayoutDashboard, to: '/Admin/Dashboard' },
    { label: 'menu.universities', icon: IconSchool, to: '/Admin/Universities' },
    { label: 'menu.courseLevels', icon: IconStack2, to: '/Admin/CourseLevels' },
    { label: 'menu.courseCategories', icon: IconStack2, to: '/Admin/CourseCategories' },
    { label: 'menu.courses', icon: IconSchool, to: '/Admin/Courses' },
    { label: 'menu.universityCourses', icon: IconCalendar, to: '/Admin/UniversityCourses' },
    { label: 'menu.documentTypes', icon: IconSquarePlus, to: '/Admin/DocumentType' },
    { label: 'menu.students', icon: IconUser, to: '/Admin/Students' },
    { label: 'menu.applicationForms', icon: IconDownload, to: '/Admin/ApplicationForms' },
    { label: 'menu.googleDrive', icon: IconDownload, to: '/Admin/CheckGoogleDriveConnection' },
  ],
  Student: [
    { label: 'menu.dashboard', icon: IconLayoutDashboard, to: '/Student/Dashboard' },
    { label: 'menu.universities', icon: IconSchool, to: '/Student/UniversityList' },
    { label: 'menu.courses', icon: IconStack2, to: '/Student/UniversityCourseList' },
    { label: 'menu.application', icon: IconSquarePlus, to: '/Student/Infoform' },
    { label: 'menu.notifications', icon: IconBell },
  ],
  Agent: [
    { label: 'menu.application', icon: IconSquarePlus, to: '/Agent/Students' },
    { label: 'menu.payments', icon: IconCalendar },
    { label: 'menu.otherInfo', icon: IconDownload },
    { label: 'menu.notifications', icon: IconBell },
  ],
};
