export { readStudioSettings } from './studio-settings'
export { readTuitionSettings, saveTuitionSettings } from './tuition-settings'
export { studioEndpoints } from './endpoints'
