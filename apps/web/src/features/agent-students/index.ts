// The agent-students feature's public entry (scripts/check-layers.mjs: other features import it from here).
export { AgentStudentsPage } from './student-maintenance';
