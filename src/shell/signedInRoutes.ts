import { lazy, type ComponentType } from 'react';
import { OAUTH_CALLBACK_PATH } from '../../schemas/api/analysisConstants';
import { Privilege } from '../../schemas/api/identityConstants';
import { ReportPaths } from '../reports/reportPaths';
import { Paths } from '../routing/paths';

const DashboardPage = lazy(() =>
  import('../dashboard/DashboardPage').then((module) => ({ default: module.DashboardPage })),
);
const TaskPage = lazy(() =>
  import('../process/TaskPage').then((module) => ({ default: module.TaskPage })),
);
const ProcessInstancePage = lazy(() =>
  import('../process/ProcessInstancePage').then((module) => ({
    default: module.ProcessInstancePage,
  })),
);
const NewApplicationPage = lazy(() =>
  import('../process/NewApplicationPage').then((module) => ({
    default: module.NewApplicationPage,
  })),
);

const ReportListPage = lazy(() =>
  import('../reports/ReportListPage').then((module) => ({ default: module.ReportListPage })),
);
const ReportDetailPage = lazy(() =>
  import('../reports/ReportDetailPage').then((module) => ({ default: module.ReportDetailPage })),
);

const FormPreviewPage = lazy(() =>
  import('../forms/preview/FormPreviewPage').then((module) => ({
    default: module.FormPreviewPage,
  })),
);

const TemplatesAdminPage = lazy(() =>
  import('../documents/admin/TemplatesAdminPage').then((module) => ({
    default: module.TemplatesAdminPage,
  })),
);

const ProcessDeploymentsPage = lazy(() =>
  import('../process/admin/ProcessDeploymentsPage').then((module) => ({
    default: module.ProcessDeploymentsPage,
  })),
);

const IntegrationsPage = lazy(() =>
  import('../integrations/IntegrationsPage').then((module) => ({
    default: module.IntegrationsPage,
  })),
);

const ObjectDataPage = lazy(() =>
  import('../records/ObjectDataPage').then((module) => ({ default: module.ObjectDataPage })),
);
const RecordPage = lazy(() =>
  import('../records/RecordPage').then((module) => ({ default: module.RecordPage })),
);

const OAuthCallbackPage = lazy(() =>
  import('../analysis/OAuthCallbackPage').then((module) => ({
    default: module.OAuthCallbackPage,
  })),
);

/** One screen of the signed-in area, shown inside the shell. */
export interface SignedInRoute {
  /** The react-router path pattern, absolute (`/objectdata/:key/:version`). */
  path: string;
  /** The screen; pass a `React.lazy` component so each feature is its own chunk. */
  Screen: ComponentType;
  /** Translation key of the header title while this route is shown. */
  titleKey: string;
  /**
   * Whether the screen shows its own `<h1>` naming what it shows (a `PageHeading`); the
   * header's title is the page's heading otherwise.
   */
  ownHeading?: boolean;
  /** A privilege the screen needs; without it the user is sent to `/` (spec 000 section 6). */
  privilege?: Privilege;
}

/**
 * The signed-in routes. A feature adds its screens here (dashboard, tasks, records); the shell,
 * the header title and the privilege guard follow from this list.
 */
export const signedInRoutes: SignedInRoute[] = [
  { path: '/', Screen: DashboardPage, titleKey: 'shell.dashboard' },
  // The header keeps 'Dashboard' under /process/ (spec 000 section 2); these pages name the
  // task, the instance or the application in their own heading.
  {
    path: '/process/task/:taskId',
    Screen: TaskPage,
    titleKey: 'shell.dashboard',
    ownHeading: true,
  },
  // A task opened from its process instance: the optional id changes the view type.
  {
    path: '/process/task/:taskId/:processInstanceId',
    Screen: TaskPage,
    titleKey: 'shell.dashboard',
    ownHeading: true,
  },
  {
    path: '/process/instance/:processInstanceId',
    Screen: ProcessInstancePage,
    titleKey: 'shell.dashboard',
    ownHeading: true,
  },
  {
    path: '/process/:type/:appDefinitionKey/new',
    Screen: NewApplicationPage,
    titleKey: 'shell.dashboard',
    ownHeading: true,
  },
  // Completed-instance reports (spec 001 section 2): back office only; each names its report.
  {
    path: ReportPaths.list,
    Screen: ReportListPage,
    titleKey: 'shell.reports',
    ownHeading: true,
    privilege: Privilege.accessBo,
  },
  {
    path: ReportPaths.detail,
    Screen: ReportDetailPage,
    titleKey: 'shell.reports',
    ownHeading: true,
    privilege: Privilege.accessBo,
  },
  // No `privilege`: without access-test the page explains why rather than redirecting, since
  // authors share its address with colleagues.
  { path: Paths.formPreview, Screen: FormPreviewPage, titleKey: 'preview.title' },
  // The form page with a form id appended: where a report's open-in-new-tab icon leads.
  { path: `${Paths.formPreview}/:formId`, Screen: FormPreviewPage, titleKey: 'preview.title' },
  {
    path: Paths.documentTemplates,
    Screen: TemplatesAdminPage,
    titleKey: 'document.admin.title',
    ownHeading: true,
    privilege: Privilege.accessAdmin,
  },
  {
    path: Paths.processDeployments,
    Screen: ProcessDeploymentsPage,
    titleKey: 'process.deployments.title',
    ownHeading: true,
    privilege: Privilege.accessAdmin,
  },
  {
    path: Paths.integrations,
    Screen: IntegrationsPage,
    titleKey: 'integrations.title',
    ownHeading: true,
    privilege: Privilege.accessAdmin,
  },
  // Titled Reports in the header (spec 000 section 2); the page names the object.
  {
    path: '/objectdata/:key/:version',
    Screen: ObjectDataPage,
    titleKey: 'shell.reports',
    ownHeading: true,
    privilege: Privilege.accessBo,
  },
  {
    path: '/objectdata/:key/:version/:recordId',
    Screen: RecordPage,
    titleKey: 'shell.reports',
    ownHeading: true,
    privilege: Privilege.accessBo,
  },
  // The analysis report's sign-in popup lands here (spec 001 section 2) and closes itself.
  {
    path: OAUTH_CALLBACK_PATH,
    Screen: OAuthCallbackPage,
    titleKey: 'shell.reports',
    ownHeading: true,
    privilege: Privilege.accessBo,
  },
];
