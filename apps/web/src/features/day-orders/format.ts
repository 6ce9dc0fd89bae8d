export { COUNCIL_TIME_ZONE, councilLocalDateTime, formatDate, formatDateTime } from '../../lib/format';
