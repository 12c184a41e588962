export { type HousekeepingResult, runHousekeeping, scheduleHousekeeping } from './service';
