import type { Level } from '#cms/payload-types'

type DemoLevel = Pick<Level, 'name' | 'order' | 'typicalAgeMin' | 'typicalAgeMax' | 'skills'>
type Skill = NonNullable<Level['skills']>[number]

const skill = (section: Skill['section'], name: string): Skill => ({ section, skill: name })

/** The skills every graded level is assessed on; the higher levels add pointe. */
const GRADED: Skill[] = [
  skill('barre', 'Pliés and tendus with correct turnout'),
  skill('barre', 'Ronds de jambe and battements'),
  skill('centre', 'Port de bras and balance'),
  skill('centre', 'Pirouettes'),
  skill('allegro', 'Petit allegro: sautés, changements, échappés'),
  skill('performance', 'Musicality and expression'),
]
const POINTE: Skill[] = [skill('pointe', 'Rises and relevés on pointe'), skill('pointe', 'Pointe work in the centre')]

/**
 * The demo syllabus (issue 27): thirteen levels in order, each with its typical ages and skills.
 * No demo class teaches a level: the existing journeys enroll demo students into them freely.
 */
export const DEMO_LEVELS: DemoLevel[] = [
  {
    name: 'Pre-Primary',
    order: 0,
    typicalAgeMin: 4,
    typicalAgeMax: 5,
    skills: [skill('centre', 'Posture and coordination'), skill('allegro', 'Skips and galloping'), skill('performance', 'Moving to music and mime')],
  },
  {
    name: 'Primary',
    order: 1,
    typicalAgeMin: 5,
    typicalAgeMax: 6,
    skills: [skill('barre', 'Pliés in first position'), skill('centre', 'Port de bras'), skill('allegro', 'Sautés'), skill('performance', 'Musicality')],
  },
  ...Array.from({ length: 8 }, (_, index) => ({
    name: `Grade ${index + 1}`,
    order: index + 2,
    typicalAgeMin: 6 + index,
    typicalAgeMax: 7 + index,
    skills: index >= 5 ? [...GRADED, ...POINTE] : GRADED,
  })),
  { name: 'Intermediate Foundation', order: 10, typicalAgeMin: 11, typicalAgeMax: 14, skills: [...GRADED, ...POINTE] },
  { name: 'Intermediate', order: 11, typicalAgeMin: 12, typicalAgeMax: 16, skills: [...GRADED, ...POINTE] },
  { name: 'Advanced', order: 12, typicalAgeMin: 14, typicalAgeMax: null, skills: [...GRADED, ...POINTE] },
]
