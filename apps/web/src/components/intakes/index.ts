export { Deadline, ZonedLines } from './deadline';
export { calendarDate, IntakeFacts, IntakeStateBadge } from './intake-facts';
export { intakeKeys, useIntakeAvailability } from './intakes-api';
