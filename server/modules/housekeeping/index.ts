export {
  type HousekeepingOptions,
  type HousekeepingResult,
  runHousekeeping,
  scheduleHousekeeping,
} from './service';
