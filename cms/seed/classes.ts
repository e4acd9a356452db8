import type { ClassInput } from '../../src/api/schemas/classes'

/** The demo timetable: two or more classes for every age group the academy teaches. */
export const DEMO_CLASSES: ClassInput[] = [
  {
    name: 'Creative Movement',
    description: 'A joyful first step into dance: rhythm, music and imagination through stories and games.',
    ageGroup: '3-5', level: 'Beginner', days: 'Saturday', time: '9:00-9:45am',
    location: 'Studio B', instructor: 'Ms. Clara Jensen', price: 5500, capacity: 12,
  },
  {
    name: 'Pre-Ballet Petites',
    description: 'Gentle introduction to ballet positions, posture and coordination for our youngest dancers.',
    ageGroup: '3-5', level: 'Beginner', days: 'Tuesday & Thursday', time: '3:30-4:15pm',
    location: 'Studio B', instructor: 'Ms. Clara Jensen', price: 6500, capacity: 12,
  },
  {
    name: 'Ballet Foundations I',
    description: 'Barre basics, turnout, first jumps and simple centre combinations in a supportive setting.',
    ageGroup: '6-8', level: 'Beginner', days: 'Monday & Wednesday', time: '4:00-5:00pm',
    location: 'Studio A', instructor: 'Mr. Daniel Ortiz', price: 7500, capacity: 16,
  },
  {
    name: 'Jazz & Tap Sampler',
    description: 'Upbeat rhythms and musicality: a playful mix of jazz steps and tap technique.',
    ageGroup: '6-8', level: 'Beginner', days: 'Friday', time: '4:00-5:00pm',
    location: 'Studio C', instructor: 'Ms. Priya Nair', price: 6000, capacity: 14,
  },
  {
    name: 'Ballet Foundations II',
    description: 'Building strength and precision at the barre, with longer centre work and petit allegro.',
    ageGroup: '9-12', level: 'Some Experience', days: 'Monday & Wednesday', time: '5:15-6:30pm',
    location: 'Studio A', instructor: 'Ms. Elena Petrova', price: 8500, capacity: 16,
  },
  {
    name: 'Junior Contemporary',
    description: 'Floor work, improvisation and expressive movement that complements classical training.',
    ageGroup: '9-12', level: 'Intermediate', days: 'Thursday', time: '5:00-6:15pm',
    location: 'Studio C', instructor: 'Mr. Samuel Reyes', price: 8000, capacity: 14,
  },
  {
    name: 'Intermediate Ballet',
    description: 'Technique class with adagio, pirouettes and grand allegro, preparing for pointe readiness.',
    ageGroup: '13-17', level: 'Intermediate', days: 'Tuesday & Thursday', time: '6:00-7:30pm',
    location: 'Studio A', instructor: 'Ms. Elena Petrova', price: 9500, capacity: 18,
  },
  {
    name: 'Pointe & Variations',
    description: 'Pointe technique and classical repertoire variations for dancers approved by their teacher.',
    ageGroup: '13-17', level: 'Advanced', days: 'Saturday', time: '10:30am-12:00pm',
    location: 'Studio A', instructor: 'Ms. Elena Petrova', price: 11000, capacity: 12,
  },
  {
    name: 'Adult Ballet Basics',
    description: 'Never danced before? Learn the fundamentals of ballet at your own pace in a welcoming class.',
    ageGroup: '18+', level: 'Beginner', days: 'Monday & Wednesday', time: '7:00-8:15pm',
    location: 'Studio B', instructor: 'Mr. Daniel Ortiz', price: 9000, capacity: 20,
  },
  {
    name: 'Adult Open Ballet',
    description: 'A full classical class for returning and experienced adult dancers, from barre to grand allegro.',
    ageGroup: '18+', level: 'Intermediate', days: 'Sunday', time: '10:00-11:30am',
    location: 'Studio A', instructor: 'Ms. Elena Petrova', price: 9500, capacity: 20,
  },
]
