// Over 300 lines because it is data: the demo's text in three languages, kept together so a
// translator reads it in one place.
// Demo content for a fresh install: six villa projects (oldest first, so the last one seeded is
// the newest), three client reviews and the Spanish and Swedish text of the public pages.

import { leadFormRows } from './lead-texts.js'

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
function page(rows: [string, string, string][]): PageText {
  const text: PageText = { es: {}, sv: {} }
  for (const [en, es, sv] of rows) {
    text.es[en] = es
    text.sv[en] = sv
  }
  return text
}

export const demoPageText: Record<'home' | 'about' | 'contact' | 'coming-soon', PageText> = {
  home: page([
    [
      'Luxury villas on the Costa del Sol, designed and built as one',
      'Villas de lujo en la Costa del Sol, diseñadas y construidas como un todo',
      'Lyxvillor på Costa del Sol, formgivna och byggda som en helhet',
    ],
    ['About us', 'Sobre nosotros', 'Om oss'],
    ['View All', 'Ver todos', 'Visa alla'],
    ['View More', 'Ver más', 'Läs mer'],
    ['Coming soon: ', 'Próximamente: ', 'Kommer snart: '],
    ['Recent projects', 'Proyectos recientes', 'Senaste projekten'],
    ['Why choose us', 'Por qué elegirnos', 'Varför välja oss'],
    [
      'Nordic-inspired architecture with Mediterranean influence',
      'Arquitectura de inspiración nórdica con influencia mediterránea',
      'Nordiskt inspirerad arkitektur med medelhavsinfluenser',
    ],
    [
      'Clean Scandinavian lines meet the light, materials and outdoor living of southern Spain.',
      'Las líneas depuradas escandinavas se unen a la luz, los materiales y la vida al aire libre del sur de España.',
      'Rena skandinaviska linjer möter ljuset, materialen och utomhuslivet i södra Spanien.',
    ],
    [
      'Quality, sustainability and timeless aesthetics',
      'Calidad, sostenibilidad y estética atemporal',
      'Kvalitet, hållbarhet och tidlös estetik',
    ],
    [
      'We build with enduring materials and energy-efficient systems, so every home ages with grace.',
      'Construimos con materiales duraderos y sistemas energéticamente eficientes, para que cada hogar envejezca con elegancia.',
      'Vi bygger med beständiga material och energieffektiva system, så att varje hem åldras med värdighet.',
    ],
    ['Turnkey design and build', 'Diseño y construcción llave en mano', 'Nyckelfärdig design och byggnation'],
    [
      'One team takes your villa from the first sketch to the handover of the keys.',
      'Un único equipo lleva su villa desde el primer boceto hasta la entrega de llaves.',
      'Ett och samma team tar din villa från första skissen till nyckelöverlämningen.',
    ],
    [
      'Personalized client experience',
      'Una experiencia personalizada para cada cliente',
      'En personlig kundupplevelse',
    ],
    [
      'A dedicated project lead keeps you informed and involved at every stage.',
      'Un responsable de proyecto dedicado le mantiene informado e implicado en cada etapa.',
      'En egen projektledare håller dig informerad och delaktig i varje skede.',
    ],
    [
      'Services seamlessly integrated under one roof to manage every detail',
      'Servicios perfectamente integrados bajo un mismo techo para cuidar cada detalle',
      'Tjänster sömlöst samlade under ett tak för att ta hand om varje detalj',
    ],
    ['DEVELOPMENT', 'PROMOCIÓN', 'PROJEKTUTVECKLING'],
    [
      'From land acquisition to final delivery, we turn your vision into reality.',
      'Desde la adquisición del terreno hasta la entrega final, hacemos realidad su visión.',
      'Från markförvärv till slutlig överlämning förverkligar vi din vision.',
    ],
    ['INTERIOR DESIGN', 'DISEÑO DE INTERIORES', 'INREDNINGSDESIGN'],
    [
      'Elegant, comfortable interiors that reflect refined living.',
      'Interiores elegantes y confortables que reflejan un estilo de vida refinado.',
      'Eleganta, bekväma interiörer som speglar ett förfinat boende.',
    ],
    ['ARCHITECTURE', 'ARQUITECTURA', 'ARKITEKTUR'],
    [
      'Distinctive designs tailored to your personal style and way of life.',
      'Diseños singulares adaptados a su estilo personal y a su forma de vivir.',
      'Särpräglad arkitektur anpassad efter din personliga stil och ditt sätt att leva.',
    ],
    ['PROJECT MANAGEMENT', 'GESTIÓN DE PROYECTOS', 'PROJEKTLEDNING'],
    [
      'A single point of contact ensures clear communication, timely delivery, and budget control.',
      'Un único interlocutor garantiza una comunicación clara, el cumplimiento de plazos y el control del presupuesto.',
      'En enda kontaktperson säkerställer tydlig kommunikation, leverans i tid och kontroll över budgeten.',
    ],
    ['PROPERTY SEARCH', 'BÚSQUEDA DE PROPIEDADES', 'FASTIGHETSSÖK'],
    [
      'We identify prime plots and properties with the ideal potential.',
      'Identificamos parcelas y propiedades exclusivas con el potencial ideal.',
      'Vi hittar förstklassiga tomter och fastigheter med rätt potential.',
    ],
    ['SALES', 'VENTAS', 'FÖRSÄLJNING'],
    [
      'Strategic marketing and sales to achieve optimal market value.',
      'Marketing y ventas estratégicos para alcanzar el valor de mercado óptimo.',
      'Strategisk marknadsföring och försäljning för bästa möjliga marknadsvärde.',
    ],
    ['INVESTMENT MANAGEMENT', 'GESTIÓN DE INVERSIONES', 'INVESTERINGSFÖRVALTNING'],
    [
      'Expert advice to maximize returns and support smart real estate decisions.',
      'Asesoramiento experto para maximizar la rentabilidad y respaldar decisiones inmobiliarias acertadas.',
      'Expertråd som maximerar avkastningen och ger stöd för kloka fastighetsbeslut.',
    ],
    ['Follow Us On Instagram', 'Síganos en Instagram', 'Följ oss på Instagram'],
    ['What our clients say', 'Lo que dicen nuestros clientes', 'Vad våra kunder säger'],
    ['Start your own project', 'Comience su propio proyecto', 'Starta ditt eget projekt'],
    [
      'Contact our team now to schedule an initial meeting.',
      'Contacte ahora con nuestro equipo para concertar una primera reunión.',
      'Kontakta vårt team redan nu för att boka ett första möte.',
    ],
    ['Start Now', 'Empezar ahora', 'Kom igång'],
    ['Services', 'Servicios', 'Tjänster'],
    ['Our Portfolio', 'Nuestros proyectos', 'Våra projekt'],
    ['About', 'Nosotros', 'Om oss'],
    ['Contact', 'Contacto', 'Kontakt'],
    ['Privacy policy', 'Política de privacidad', 'Integritetspolicy'],
    ['Menu', 'Menú', 'Meny'],
    ['Home', 'Inicio', 'Hem'],
    ['Footer', 'Pie de página', 'Sidfot'],
    ['Social media', 'Redes sociales', 'Sociala medier'],
    ['Skip to content', 'Saltar al contenido', 'Hoppa till innehållet'],
    ['Previous', 'Anterior', 'Föregående'],
    ['Next', 'Siguiente', 'Nästa'],
    ['Page', 'Página', 'Sida'],
    ['Pages', 'Páginas', 'Sidor'],
    ['Projects', 'Proyectos', 'Projekt'],
    ['Gallery', 'Galería', 'Galleri'],
    ['Amenities', 'Equipamiento', 'Bekvämligheter'],
    ['Status', 'Estado', 'Status'],
    ['Space', 'Superficie', 'Yta'],
    ['Beds', 'Dormitorios', 'Sovrum'],
    ['Baths', 'Baños', 'Badrum'],
    ['Project sections', 'Secciones del proyecto', 'Projektets delar'],
    ['Open image', 'Abrir imagen', 'Öppna bild'],
    ['Image', 'Imagen', 'Bild'],
    ['Previous images', 'Imágenes anteriores', 'Föregående bilder'],
    ['Next images', 'Imágenes siguientes', 'Nästa bilder'],
    ['Close', 'Cerrar', 'Stäng'],
    ['Zoom in', 'Ampliar', 'Zooma in'],
    ['Zoom out', 'Reducir', 'Zooma ut'],
    ['Page Not Found !', '¡Página no encontrada!', 'Sidan hittades inte!'],
    [
      'The page you are looking for does not exist or has moved.',
      'La página que busca no existe o se ha trasladado.',
      'Sidan du letar efter finns inte eller har flyttats.',
    ],
    ['Back to home', 'Volver al inicio', 'Tillbaka till startsidan'],
  ]),
  about: page([
    [
      'A boutique design-and-build studio on the Costa del Sol',
      'Un estudio boutique de diseño y construcción en la Costa del Sol',
      'En exklusiv studio för design och byggnation på Costa del Sol',
    ],
    [
      'We design and build luxury villas where Nordic clarity meets Mediterranean warmth. From the first site visit to the final handover, our architects, interior designers and craftsmen work as one team, so every detail is considered and every promise kept.',
      'Diseñamos y construimos villas de lujo en las que la claridad nórdica se encuentra con la calidez mediterránea. Desde la primera visita a la parcela hasta la entrega final, nuestros arquitectos, interioristas y artesanos trabajan como un solo equipo, para que cada detalle esté pensado y cada promesa se cumpla.',
      'Vi formger och bygger lyxvillor där nordisk klarhet möter medelhavets värme. Från det första tomtbesöket till den slutliga överlämningen arbetar våra arkitekter, inredningsdesigners och hantverkare som ett team, så att varje detalj är genomtänkt och varje löfte hålls.',
    ],
    ['MARBELLA', 'MARBELLA', 'MARBELLA'],
    ['MALAGA', 'MÁLAGA', 'MÁLAGA'],
    ['GREATER ANDALUCIA', 'TODA ANDALUCÍA', 'HELA ANDALUSIEN'],
    ['See all projects', 'Ver todos los proyectos', 'Se alla projekt'],
    ['Natural stone and masonry', 'Piedra natural y mampostería', 'Natursten och murverk'],
    [
      'Local stone, laid by hand, gives each villa weight, texture and a true sense of place.',
      'La piedra local, colocada a mano, aporta a cada villa solidez, textura y un auténtico arraigo.',
      'Lokal sten, lagd för hand, ger varje villa tyngd, textur och en äkta känsla för platsen.',
    ],
    ['Wood joinery', 'Carpintería de madera', 'Snickerier i trä'],
    [
      'Bespoke doors, cabinetry and ceilings are crafted in solid timber to last for generations.',
      'Puertas, mobiliario y techos a medida, elaborados en madera maciza para durar generaciones.',
      'Måttbeställda dörrar, skåp och tak tillverkas i massivt trä för att hålla i generationer.',
    ],
    ['Hand-crafted elements', 'Elementos artesanales', 'Hantverksmässiga detaljer'],
    [
      'From forged ironwork to glazed tiles, artisan details make every home one of a kind.',
      'Desde la forja hasta los azulejos esmaltados, los detalles artesanales hacen de cada hogar una pieza única.',
      'Från smide till glaserat kakel gör hantverkets detaljer varje hem unikt.',
    ],
    ['Expanding across Costa del Sol', 'Creciendo por toda la Costa del Sol', 'Vi växer längs hela Costa del Sol'],
  ]),
  contact: page([
    ['Get in touch', 'Contacte con nosotros', 'Kontakta oss'],
    ['First name', 'Nombre', 'Förnamn'],
    ['Last name', 'Apellidos', 'Efternamn'],
    ['E-mail', 'Correo electrónico', 'E-post'],
    ['Phone', 'Teléfono', 'Telefon'],
    ['Message', 'Mensaje', 'Meddelande'],
    ['Design & Build', 'Diseño y construcción', 'Design och byggnation'],
    ['Renovation', 'Reforma', 'Renovering'],
    ['Send', 'Enviar', 'Skicka'],
    ['Sending...', 'Enviando...', 'Skickar...'],
    [
      'Thank you! We will contact you shortly.',
      '¡Gracias! Nos pondremos en contacto con usted en breve.',
      'Tack! Vi kontaktar dig inom kort.',
    ],
    [
      'Your message could not be sent. Please try again.',
      'No se ha podido enviar su mensaje. Por favor, inténtelo de nuevo.',
      'Ditt meddelande kunde inte skickas. Försök igen.',
    ],
    ['Which services are you interested in?', '¿Qué servicios le interesan?', 'Vilka tjänster är du intresserad av?'],
    ...leadFormRows,
  ]),
  'coming-soon': page([
    ['Coming Soon!', '¡Próximamente!', 'Kommer snart!'],
    [
      'This page is being prepared. Please come back soon.',
      'Estamos preparando esta página. Vuelva pronto.',
      'Den här sidan håller på att förberedas. Välkommen tillbaka snart.',
    ],
    ['Back to home', 'Volver al inicio', 'Tillbaka till startsidan'],
  ]),
}
