// The job runner (issue 19 item 4): modules define job kinds on `app.jobs` and schedule one-off jobs.
export { JobRunner, type TJobKind, type TJobRun, type TSchedule } from './runner.js';
