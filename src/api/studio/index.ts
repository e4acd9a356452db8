export { readStudioSettings } from './studio-settings'
export { readAcademyClosureDays, readTuitionSettings, saveTuitionSettings } from './tuition-settings'
export { studioEndpoints } from './endpoints'
export { currentAcademyTimeZone, loadAcademyTimeZone, timeZoneSaved } from './time-zone'
