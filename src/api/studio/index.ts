export { readStudioSettings } from './studio-settings'
export { readAcademyClosureDays, readTuitionSettings, saveTuitionSettings } from './tuition-settings'
export { studioEndpoints } from './endpoints'
