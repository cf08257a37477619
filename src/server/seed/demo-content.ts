// Demo content for a fresh install: six villa projects (oldest first, so the last one seeded is
// the newest), three client reviews and the Spanish and Swedish text of the public pages (its rows in
// demo-page-text.json, data a translator reads in one place).

import { leadFormRows } from './lead-texts.js'
import pageRows from './demo-page-text.json' with { type: 'json' }

export interface DemoProjectText {
  title: string
  description: string
  status: string
  space: string
  galleryTitle1: string
  galleryDesc1: string
  galleryTitle2: string
  galleryDesc2: string
  /** Amenity titles, in the same order in every language. */
  amenities: string[]
}

/** Hex colours for the generated art. */
export interface DemoPalette {
  sky: [string, string]
  sea: string
  stone: string
  accent: string
}

export interface DemoProject {
  en: DemoProjectText
  es?: DemoProjectText & { slug: string }
  sv?: DemoProjectText & { slug: string }
  beds: number
  baths: number
  isShow: boolean
  palette: DemoPalette
}

export interface DemoReviewText {
  title: string
  description: string
}

export const demoProjects: DemoProject[] = [
  {
    en: {
      title: 'Casa Alba, Marbella',
      description:
        'Set on the hillside of Sierra Blanca, Casa Alba frames the Mediterranean through floor-to-ceiling glass and deep, shaded terraces. Pale limestone, warm oak and a restrained palette let the light do the talking.',
      status: 'Completed 2022',
      space: '720 m²',
      galleryTitle1: 'Light as a building material',
      galleryDesc1: 'Every room is oriented to catch the soft morning sun and the long evening glow over the sea.',
      galleryTitle2: 'Calm, considered interiors',
      galleryDesc2: 'Natural textures and bespoke joinery create spaces made for slow, comfortable living.',
      amenities: ['Infinity pool', 'Wine cellar', 'Home cinema', 'Spa & sauna'],
    },
    beds: 5,
    baths: 6,
    isShow: false,
    palette: { sky: ['#8fb4cf', '#f3e6d3'], sea: '#4f8aa3', stone: '#efe9df', accent: '#b9895f' },
  },
  {
    en: {
      title: 'Villa Azahar, Benahavís',
      description:
        'Hidden among the cork oaks of La Zagaleta, Villa Azahar is a private retreat of stone, water and shade. Its cascading volumes step down the slope, opening every level to sweeping views of the coast and Gibraltar.',
      status: 'Completed 2023',
      space: '850 m²',
      galleryTitle1: 'Rooted in the landscape',
      galleryDesc1: 'Local stone walls and native planting tie the villa gently to its mountain setting.',
      galleryTitle2: 'Living between indoors and out',
      galleryDesc2: 'Sliding glass walls dissolve the boundary between the lounge, the terraces and the pool.',
      amenities: ['Infinity pool', 'Spa & sauna', 'Wine cellar', 'Outdoor kitchen', 'Guest house'],
    },
    es: {
      slug: 'villa-azahar-en-benahavis',
      title: 'Villa Azahar en Benahavís',
      description:
        'Escondida entre los alcornoques de La Zagaleta, Villa Azahar es un refugio privado de piedra, agua y sombra. Sus volúmenes escalonados descienden por la ladera y abren cada planta a amplias vistas de la costa y de Gibraltar.',
      status: 'Finalizada en 2023',
      space: '850 m²',
      galleryTitle1: 'Arraigada en el paisaje',
      galleryDesc1:
        'Los muros de piedra local y la vegetación autóctona integran la villa con delicadeza en su entorno de montaña.',
      galleryTitle2: 'Vivir entre el interior y el exterior',
      galleryDesc2: 'Los ventanales correderos difuminan el límite entre el salón, las terrazas y la piscina.',
      amenities: ['Piscina infinita', 'Spa y sauna', 'Bodega', 'Cocina exterior', 'Casa de invitados'],
    },
    beds: 6,
    baths: 7,
    isShow: false,
    palette: { sky: ['#c9a27e', '#f6e3c4'], sea: '#5b8596', stone: '#ece3d4', accent: '#7b7a58' },
  },
  {
    en: {
      title: 'Villa Brisa, Estepona',
      description:
        "A beachside villa on Estepona's New Golden Mile, where clean Nordic lines meet the easy rhythm of Mediterranean life. Wide overhangs, white render and a sea-facing pool create a home that feels cool, bright and effortlessly open.",
      status: 'Completed 2024',
      space: '640 m²',
      galleryTitle1: 'Nordic clarity by the sea',
      galleryDesc1: 'Simple forms and generous glazing let the horizon become part of every room.',
      galleryTitle2: 'Details that invite you to stay',
      galleryDesc2: 'Oak floors, linen tones and hand-finished plaster bring warmth to the minimalist architecture.',
      amenities: ['Infinity pool', 'Outdoor kitchen', 'Gym', 'Spa & sauna'],
    },
    es: {
      slug: 'villa-brisa-en-estepona',
      title: 'Villa Brisa en Estepona',
      description:
        'Una villa junto a la playa en la Nueva Milla de Oro de Estepona, donde las líneas nórdicas se funden con el ritmo sereno de la vida mediterránea. Amplios voladizos, fachadas blancas y una piscina frente al mar crean un hogar fresco, luminoso y abierto.',
      status: 'Finalizada en 2024',
      space: '640 m²',
      galleryTitle1: 'Claridad nórdica junto al mar',
      galleryDesc1: 'Formas sencillas y grandes superficies acristaladas hacen del horizonte parte de cada estancia.',
      galleryTitle2: 'Detalles que invitan a quedarse',
      galleryDesc2:
        'Suelos de roble, tonos lino y estucos acabados a mano aportan calidez a la arquitectura minimalista.',
      amenities: ['Piscina infinita', 'Cocina exterior', 'Gimnasio', 'Spa y sauna'],
    },
    sv: {
      slug: 'villa-brisa-i-estepona',
      title: 'Villa Brisa i Estepona',
      description:
        'En strandnära villa på Esteponas New Golden Mile, där rena nordiska linjer möter medelhavslivets lugna rytm. Breda takutsprång, vit puts och en pool mot havet skapar ett hem som känns svalt, ljust och självklart öppet.',
      status: 'Färdigställd 2024',
      space: '640 m²',
      galleryTitle1: 'Nordisk klarhet vid havet',
      galleryDesc1: 'Enkla former och generösa glaspartier gör horisonten till en del av varje rum.',
      galleryTitle2: 'Detaljer som får dig att stanna',
      galleryDesc2: 'Ekgolv, linnetoner och handslipad puts ger värme åt den minimalistiska arkitekturen.',
      amenities: ['Infinitypool', 'Utekök', 'Gym', 'Spa och bastu'],
    },
    beds: 5,
    baths: 5,
    isShow: false,
    palette: { sky: ['#7aa7c7', '#e9eef0'], sea: '#2f7896', stone: '#f4f1ea', accent: '#c7a27a' },
  },
  {
    en: {
      title: 'Villa Olivo, Sotogrande',
      description:
        'Overlooking the fairways of Sotogrande, Villa Olivo is arranged around a central courtyard shaded by a centuries-old olive tree. Travertine, bronze and oak lend the house a quiet, enduring elegance.',
      status: 'Completed 2025',
      space: '980 m²',
      galleryTitle1: 'A courtyard at the heart',
      galleryDesc1: 'Every principal room opens onto the courtyard, drawing in light, air and the scent of the garden.',
      galleryTitle2: 'Crafted for gathering',
      galleryDesc2: "Generous living spaces and a chef's kitchen are made for long lunches with family and friends.",
      amenities: ['Courtyard garden', 'Infinity pool', 'Wine cellar', 'Home cinema', 'Padel court'],
    },
    beds: 6,
    baths: 7,
    isShow: false,
    palette: { sky: ['#a3b6c2', '#efe2cf'], sea: '#5f7f8c', stone: '#e8dfcf', accent: '#8c8a62' },
  },
  {
    en: {
      title: 'Villa Mirador, Mijas',
      description:
        'Perched above Mijas Pueblo, Villa Mirador is being shaped to capture a panorama that runs from the mountains to the sea. Cantilevered terraces and a slender pool edge make the view the centrepiece of daily life.',
      status: 'Under construction',
      space: '560 m²',
      galleryTitle1: 'Designed around the view',
      galleryDesc1: 'Each level steps back from the one below, giving every bedroom its own private terrace.',
      galleryTitle2: 'Progress on site',
      galleryDesc2: 'The structure is complete and the natural stone cladding is now taking shape.',
      amenities: ['Infinity pool', 'Rooftop terrace', 'Spa & sauna'],
    },
    beds: 4,
    baths: 5,
    isShow: false,
    palette: { sky: ['#56688c', '#eab99b'], sea: '#3f5d75', stone: '#ebe3d7', accent: '#c9865f' },
  },
  {
    en: {
      title: 'Villa Aurora, Málaga',
      description:
        "In the hills of El Limonar, Villa Aurora will look out over Málaga's bay and old town from a plot framed by umbrella pines. A composition of light stone volumes, it is designed for serene family living all year round.",
      status: 'Design phase',
      space: '700 m²',
      galleryTitle1: 'A first look',
      galleryDesc1: 'Early studies explore how the villa will sit among the pines and open to the morning light.',
      galleryTitle2: 'Materials and mood',
      galleryDesc2: 'A palette of warm limestone, oak and soft bronze sets the tone for the interiors.',
      amenities: ['Infinity pool', 'Home office', 'Wine cellar', 'Gym'],
    },
    beds: 5,
    baths: 6,
    isShow: true,
    palette: { sky: ['#b4c5d8', '#f6dcc6'], sea: '#5f8fa8', stone: '#f1ebe2', accent: '#c4906b' },
  },
]

export const demoReviews: { en: DemoReviewText; es?: DemoReviewText }[] = [
  {
    en: {
      title: 'Anna & Erik Lindqvist, Estepona',
      description:
        'From the first sketch to the day we received the keys, the team made building abroad feel effortless. Our villa is everything we imagined, and the weekly updates meant we never had to worry about a thing.',
    },
    es: {
      title: 'Anna y Erik Lindqvist, Estepona',
      description:
        'Desde el primer boceto hasta el día en que recibimos las llaves, el equipo hizo que construir en el extranjero resultara sencillo. Nuestra villa es todo lo que imaginábamos, y las novedades semanales nos dieron total tranquilidad.',
    },
  },
  {
    en: {
      title: 'James & Claire Whitmore, Marbella',
      description:
        'They understood exactly the calm, light-filled home we wanted and delivered it on time and on budget. The quality of the stonework and joinery is exceptional.',
    },
    es: {
      title: 'James y Claire Whitmore, Marbella',
      description:
        'Entendieron exactamente el hogar sereno y luminoso que queríamos y lo entregaron a tiempo y dentro del presupuesto. La calidad de la cantería y de la carpintería es excepcional.',
    },
  },
  {
    en: {
      title: 'Carlos Ortega, Benahavís',
      description:
        'Having one team handle the architecture, interiors and construction saved us months and countless decisions. We would not hesitate to build with them again.',
    },
  },
]

type PageText = { es: Record<string, string>; sv: Record<string, string> }

/** Rows of [English source, Spanish, Swedish]. */
function page(rows: string[][]): PageText {
  const text: PageText = { es: {}, sv: {} }
  for (const [en, es, sv] of rows) {
    if (en === undefined || es === undefined || sv === undefined)
      throw new Error(`A demo text row needs three languages: ${en}`)
    text.es[en] = es
    text.sv[en] = sv
  }
  return text
}

/** The public pages' text: rows in demo-page-text.json, the enquiry form's from lead-texts.ts. */
export const demoPageText: Record<'home' | 'about' | 'contact' | 'coming-soon', PageText> = {
  home: page(pageRows.home),
  about: page(pageRows.about),
  contact: page([...pageRows.contact, ...leadFormRows]),
  'coming-soon': page(pageRows['coming-soon']),
}
