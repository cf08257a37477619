import type { PageTranslations } from '../../shared/types.js'
import { CONSENT_REQUIRED } from '../../shared/schemas/enquiry.schema.js'
import {
  CONSENT_LABEL,
  PRIVACY_NOTICE_LINK,
  PRIVACY_NOTICE_ROWS,
  PRIVACY_NOTICE_TITLE,
  PRIVACY_POLICY_INTRO,
  PRIVACY_POLICY_SECTIONS,
  PRIVACY_POLICY_TITLE,
  VISIT_COUNTING_TEXT,
} from '../../shared/privacy-policy.js'

/** Rows of [English source, Spanish, Swedish] (as in demo-content.ts). */
export type TextRows = [string, string, string][]

const [responsible, purpose, basis, recipients, rights] = PRIVACY_NOTICE_ROWS.map(([label, text]) => [label, text])
const section = (i: number) => PRIVACY_POLICY_SECTIONS[i]!

/**
 * The strings the enquiry forms added with issue 11 (consent, first layer of information, the
 * project form, WhatsApp), in the `contact` page's text: the project page reads it too.
 */
export const leadFormRows: TextRows = [
  [PRIVACY_NOTICE_TITLE, 'Información básica sobre protección de datos', 'Grundläggande information om dataskydd'],
  [responsible![0]!, 'Responsable', 'Personuppgiftsansvarig'],
  [responsible![1]!, 'Costa del Sol Villas', 'Costa del Sol Villas'],
  [purpose![0]!, 'Finalidad', 'Ändamål'],
  [purpose![1]!, 'Atender su consulta y hacer su seguimiento.', 'Att besvara din förfrågan och följa upp den.'],
  [basis![0]!, 'Legitimación', 'Rättslig grund'],
  [basis![1]!, 'Su consentimiento.', 'Ditt samtycke.'],
  [recipients![0]!, 'Destinatarios', 'Mottagare'],
  [
    recipients![1]!,
    'Nadie más, salvo los proveedores que actúan por nuestra cuenta (alojamiento, correo electrónico, nuestro sistema de gestión de clientes).',
    'Ingen annan, utom leverantörer som agerar för vår räkning (webbhotell, e-post, vårt kundhanteringssystem).',
  ],
  [rights![0]!, 'Derechos', 'Rättigheter'],
  [
    rights![1]!,
    'Acceso, rectificación, supresión, oposición, limitación y portabilidad, como explica la política de privacidad.',
    'Tillgång, rättelse, radering, invändning, begränsning och dataportabilitet, enligt integritetspolicyn.',
  ],
  [PRIVACY_NOTICE_LINK, 'Lea la política de privacidad completa', 'Läs hela integritetspolicyn'],
  [
    CONSENT_LABEL,
    'He leído la información sobre protección de datos y acepto que se usen mis datos para atender mi consulta.',
    'Jag har läst informationen om dataskydd och godkänner att mina uppgifter används för att besvara min förfrågan.',
  ],
  [
    CONSENT_REQUIRED,
    'Acepte la política de privacidad para poder enviar su mensaje.',
    'Godkänn integritetspolicyn för att kunna skicka ditt meddelande.',
  ],
  ['Enquire about this villa', 'Consulte por esta villa', 'Fråga om den här villan'],
  [
    'I would like to know more about {project}.',
    'Me gustaría saber más sobre {project}.',
    'Jag vill gärna veta mer om {project}.',
  ],
  ['Chat on WhatsApp', 'Escríbanos por WhatsApp', 'Chatta på WhatsApp'],
  [
    'Hello, I would like to know more about {project}.',
    'Hola, me gustaría saber más sobre {project}.',
    'Hej, jag vill gärna veta mer om {project}.',
  ],
  [
    'Hello, I would like to know more about your villas.',
    'Hola, me gustaría saber más sobre sus villas.',
    'Hej, jag vill gärna veta mer om era villor.',
  ],
  ['Your enquiry is about', 'Su consulta es sobre', 'Din förfrågan gäller'],
  // The form's own messages (the shared schema's), so a visitor reads why in the page's language.
  ['First name is required', 'El nombre es obligatorio', 'Förnamn krävs'],
  ['Last name is required', 'Los apellidos son obligatorios', 'Efternamn krävs'],
  ['E-mail is required', 'El correo electrónico es obligatorio', 'E-post krävs'],
  ['E-mail must be a valid e-mail address', 'Introduzca un correo electrónico válido', 'Ange en giltig e-postadress'],
  ['Phone is required', 'El teléfono es obligatorio', 'Telefon krävs'],
  ['Message is required', 'El mensaje es obligatorio', 'Meddelande krävs'],
]

/** The privacy policy's paragraph on counting visits (issue 25), added to sites made before it. */
export const visitCountingRows: TextRows = [
  [
    VISIT_COUNTING_TEXT,
    'Cuando visita este sitio web contamos las páginas vistas sin cookies y sin guardar nada que le identifique: por cada día, la página, su idioma, el proyecto que muestra, el sitio web del que viene (solo su nombre, como google.com) y la campaña del enlace que siguió (utm_source, utm_medium y utm_campaign, o que se trataba de un anuncio de Google o Facebook). No guardamos su dirección IP, los datos de su navegador ni ningún identificador, no contamos los robots de los buscadores y los recuentos se suprimen a los 25 meses.',
    'När du besöker webbplatsen räknar vi sidvisningar utan kakor och utan att spara något som identifierar dig: för varje dag sidan, dess språk, projektet den visar, webbplatsen du kom från (bara dess namn, till exempel google.com) och kampanjen för länken du följde (utm_source, utm_medium och utm_campaign, eller att det var en annons från Google eller Facebook). Vi sparar inte din IP-adress, uppgifter om din webbläsare eller någon identifierare, vi räknar inte sökmotorernas robotar, och räkningarna raderas efter 25 månader.',
  ],
]

/** The privacy policy page (`privacy-policy`): the default English text and its es and sv. */
export const privacyPolicyRows: TextRows = [
  [PRIVACY_POLICY_TITLE, 'Política de privacidad', 'Integritetspolicy'],
  [
    PRIVACY_POLICY_INTRO,
    'Esta política explica cómo trata Costa del Sol Villas los datos personales que nos facilita a través de este sitio web, conforme al Reglamento General de Protección de Datos de la UE (RGPD) y a la Ley Orgánica 3/2018 de Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD).',
    'Den här policyn förklarar hur Costa del Sol Villas behandlar de personuppgifter du lämnar till oss via webbplatsen, enligt EU:s dataskyddsförordning (GDPR) och Spaniens organiska lag 3/2018 om dataskydd (LOPDGDD).',
  ],
  [section(0).heading, 'Responsable del tratamiento', 'Vem som ansvarar för dina uppgifter'],
  [
    section(0).paragraphs[0]!,
    'Costa del Sol Villas, Marbella (Málaga), España. Correo electrónico: info@costadelsolvillas.com. Teléfono: +34 952 000 000.',
    'Costa del Sol Villas, Marbella (Málaga), Spanien. E-post: info@costadelsolvillas.com. Telefon: +34 952 000 000.',
  ],
  [section(1).heading, 'Qué datos recogemos', 'Vilka uppgifter vi samlar in'],
  [
    section(1).paragraphs[0]!,
    'Cuando nos envía una consulta: su nombre, correo electrónico y teléfono, los servicios que le interesan, su mensaje, el proyecto por el que pregunta, el idioma y la dirección de la página desde la que escribe y, si llegó a través de un anuncio, los parámetros de campaña de ese enlace. Registramos cuándo dio su consentimiento y a qué versión de esta información.',
    'När du skickar en förfrågan: ditt namn, din e-postadress och ditt telefonnummer, de tjänster du är intresserad av, ditt meddelande, projektet du frågar om, språket och adressen på sidan du skrev från och, om du kom via en annons, länkens kampanjparametrar. Vi registrerar när du gav ditt samtycke och till vilken version av denna information.',
  ],
  [
    section(1).paragraphs[1]!,
    'Este sitio web no instala cookies publicitarias ni analíticas. Los parámetros de campaña se guardan solo en el almacenamiento de sesión de su navegador hasta que cierre la pestaña.',
    'Webbplatsen sätter inga reklam- eller analyskakor. Kampanjparametrarna sparas bara i webbläsarens sessionslagring tills du stänger fliken.',
  ],
  ...visitCountingRows,
  [section(2).heading, 'Para qué los usamos', 'Varför vi använder dem'],
  [
    section(2).paragraphs[0]!,
    'Para atender su consulta y, si lo desea, preparar una propuesta para su proyecto. No los usamos para enviar boletines ni los cedemos a nadie para su propio marketing.',
    'För att besvara din förfrågan och, om du vill, ta fram ett förslag för ditt projekt. Vi använder dem inte för nyhetsbrev och lämnar dem inte till någon för deras egen marknadsföring.',
  ],
  [section(3).heading, 'Legitimación', 'Rättslig grund'],
  [
    section(3).paragraphs[0]!,
    'Su consentimiento, que presta al marcar la casilla del formulario (artículo 6.1.a RGPD), y las medidas precontractuales que nos solicita (artículo 6.1.b RGPD). Puede retirar su consentimiento en cualquier momento, sin que ello afecte a lo realizado antes.',
    'Ditt samtycke, som du ger när du kryssar i rutan i formuläret (artikel 6.1 a GDPR), och de åtgärder du ber oss vidta inför ett eventuellt avtal (artikel 6.1 b GDPR). Du kan när som helst återkalla ditt samtycke; det påverkar inte det som redan gjorts.',
  ],
  [section(4).heading, 'Destinatarios', 'Vem som får dem'],
  [
    section(4).paragraphs[0]!,
    'Nuestro equipo y los proveedores que alojan este sitio web, entregan nuestro correo electrónico y gestionan el sistema de clientes donde damos seguimiento a las consultas, que actúan por nuestra cuenta con un contrato de encargo del tratamiento. Sus datos no se transfieren fuera del Espacio Económico Europeo sin las garantías que exige el RGPD.',
    'Vårt team och de leverantörer som driver webbplatsen, levererar vår e-post och tillhandahåller kundhanteringssystemet där vi följer upp förfrågningar, på vårt uppdrag och enligt ett personuppgiftsbiträdesavtal. Dina uppgifter förs inte över utanför Europeiska ekonomiska samarbetsområdet utan de skyddsåtgärder som GDPR kräver.',
  ],
  [section(5).heading, 'Cuánto tiempo los conservamos', 'Hur länge vi sparar dem'],
  [
    section(5).paragraphs[0]!,
    'El tiempo necesario para atender su consulta y hacer su seguimiento, y nunca más allá del plazo de conservación que hemos fijado; después se suprimen. Puede pedirnos que los suprimamos antes.',
    'Så länge vi behöver dem för att besvara och följa upp din förfrågan, och aldrig längre än den lagringstid vi har bestämt; därefter raderas de. Du kan be oss radera dem tidigare.',
  ],
  [section(6).heading, 'Sus derechos', 'Dina rättigheter'],
  [
    section(6).paragraphs[0]!,
    'Puede solicitar el acceso a sus datos, su rectificación o supresión, la limitación de su tratamiento, su portabilidad u oponerse a su tratamiento escribiendo a info@costadelsolvillas.com.',
    'Du kan begära tillgång till dina uppgifter, rättelse eller radering, begränsning av behandlingen, dataportabilitet eller invända mot behandlingen genom att skriva till info@costadelsolvillas.com.',
  ],
  [
    section(6).paragraphs[1]!,
    'Si considera que no hemos tratado sus datos conforme a la ley, puede presentar una reclamación ante la Agencia Española de Protección de Datos (www.aepd.es).',
    'Om du anser att vi inte har behandlat dina uppgifter lagligt kan du klaga hos den spanska dataskyddsmyndigheten (Agencia Española de Protección de Datos, www.aepd.es).',
  ],
]

/** The languages the built-in texts come in, and their column in TextRows. */
const TRANSLATED = { es: 1, sv: 2 } as const

/** `rows` as a page's text in those of es and sv the site has. */
export function translatedText(rows: TextRows, codes: string[]): PageTranslations[number] {
  const text: PageTranslations[number] = {}
  for (const [code, column] of Object.entries(TRANSLATED)) {
    if (codes.includes(code)) text[code] = Object.fromEntries(rows.map((row) => [row[0], row[column]]))
  }
  return text
}

/**
 * The privacy policy's text as the translation editor shows it: every English key under `en`
 * (so the admin can reword the English too), and Spanish and Swedish for those of them the site has.
 */
export function defaultPrivacyPolicyText(codes: string[]): PageTranslations {
  const en = Object.fromEntries(privacyPolicyRows.map(([key]) => [key, key]))
  return [{ en, ...translatedText(privacyPolicyRows, codes) }]
}
