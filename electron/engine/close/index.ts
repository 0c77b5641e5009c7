/** Closing a month (DESIGN.md §13): the checklist, the school's and the district's status, submit, close and re-open. */
export { checklistOf, figuresOf, inTransitAtMonthEnd } from './checklist';
export { closeMonth, reopenMonth, submitMonth, type CloseResult, type MonthDeps, type MonthPackets } from './months';
export { districtStatus, monthStatus } from './status';
export { deadlineOf, monthScope } from './monthScope';
