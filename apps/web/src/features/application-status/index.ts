// The application-status feature's public entry (scripts/check-layers.mjs: other features import it from here).
export { ActionNeededBanner, type TWaitingApplication } from './action-needed-banner';
export { ApplicationStatusList, applicationAnchor } from './application-status-list';
export { STATUS_NAMESPACES } from './namespaces';
export { NextSteps } from './next-steps';
export { conditionName, OFFER_NAMESPACES, OfferDetails } from './offer-details';
export { OfferLetterLink } from './offer-letter-link';
export { AgentActionNeeded, OpenRequestsPanel } from './open-requests-panel';
export { fetchMyStatuses, fetchStatusList, refreshStatuses, statusKeys } from './status-api';
export { StatusBadge, statusChoiceFilter } from './status-badge';
export { StatusDetailLayout, useStatusDetail } from './status-detail-layout';
export { StatusOverview } from './status-overview';
export { StatusTimeline } from './status-timeline';
export { StudentStatusSection } from './student-status-section';
