export { calendarEndpoints } from './endpoints'
