export { COUNCIL_TIME_ZONE, councilLocalDateTime, formatDate, formatDateTime, isoToCouncilLocal } from '../../lib/format';
