export { readStudioSettings } from './studio-settings'
export { readAcademyClosureDays, readSplitBilling, readTuitionSettings, saveTuitionSettings } from './tuition-settings'
export { studioEndpoints } from './endpoints'
export { currentAcademyTimeZone, loadAcademyTimeZone, timeZoneSaved } from './time-zone'
