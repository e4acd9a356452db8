export { readStudioSettings } from './studio-settings'
export { readTuitionSettings, saveTuitionSettings } from './tuition-settings'
export { studioEndpoints } from './endpoints'
export { currentAcademyTimeZone, loadAcademyTimeZone, timeZoneSaved } from './time-zone'
