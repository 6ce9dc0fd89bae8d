import { paths } from '../../../lib/paths';
import { ContactDetails, hasContactDetails, useSite } from '../../../components/site';

/** The date this statement was last reviewed against the site (update it with the statement). */
export const STATEMENT_REVIEWED = '28 de noviembre de 2026';

/**
 * /accesibilidad (issue 17): the site's accessibility statement, as Ley 26.653 asks of public bodies'
 * sites: what it meets (WCAG 2.1 AA), how that was checked, what is known not to meet it, and how to
 * report a barrier. Linked from the footer of every page.
 */
export function AccessibilityPage() {
  const contact = useSite().data?.contact;
  const contactSection = <a href={`${paths.home.getHref()}#contacto`}>Contacto</a>;
  return (
    <article className="narrow-page mx-auto py-2 accessibility-page">
      <h1 className="mb-3">Declaración de accesibilidad</h1>
      <p className="lead">
        Queremos que todas las personas puedan leer las normativas, las órdenes del día y las noticias del Concejo, y que el
        personal pueda hacer su trabajo, con cualquier dispositivo y con tecnologías de apoyo.
      </p>

      <section aria-labelledby="a11y-norma" className="mb-4">
        <h2 id="a11y-norma" className="h4">
          Norma que seguimos
        </h2>
        <p>
          Este sitio busca cumplir la Ley 26.653 de Accesibilidad de la Información en las Páginas Web y su reglamentación, que
          remite a las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.1 del W3C, en el nivel AA.
        </p>
      </section>

      <section aria-labelledby="a11y-alcance" className="mb-4">
        <h2 id="a11y-alcance" className="h4">
          Qué cubre
        </h2>
        <ul>
          <li>
            El sitio público: inicio y noticias, la búsqueda de <a href={paths.regulations.getHref()}>normativas</a> y la página de
            cada norma, las <a href={paths.dayOrders.getHref()}>órdenes del día</a>, los avisos por correo y esta página.
          </li>
          <li>
            El panel de gestión del personal: registro de normativas, armado de órdenes del día, usuarios, banners, noticias e
            imágenes de contacto.
          </li>
          <li>Está pensado para usarse con el teclado solo, con lector de pantalla, con zoom de hasta el 200 % y en pantallas de 320 px de ancho.</li>
        </ul>
      </section>

      <section aria-labelledby="a11y-pruebas" className="mb-4">
        <h2 id="a11y-pruebas" className="h4">
          Cómo lo comprobamos
        </h2>
        <ul>
          <li>
            Revisión automática con axe-core (reglas WCAG 2.1 A y AA) de las páginas públicas y de las pantallas principales del
            personal, en ancho de teléfono y de escritorio, en cada versión del sistema: una falla detiene la publicación.
          </li>
          <li>
            Pruebas automáticas que usan solo el teclado (Tab, Mayús+Tab, Enter, la barra espaciadora y las flechas) para las
            tareas de punta a punta: buscar y abrir una norma, leer una noticia, detener el carrusel, iniciar sesión, cargar
            una norma con sus autores y palabras clave, armar una orden del día y subir un banner.
          </li>
          <li>
            Foco visible: en las páginas públicas y en las pantallas principales del personal, una prueba recorre con Tab
            todo lo que se puede enfocar y comprueba que cada elemento muestre dónde está el foco.
          </li>
          <li>
            Estructura pensada para lectores de pantalla: títulos en orden, regiones con nombre, campos con su etiqueta y sus
            errores anunciados, y lo que cambia en la página sin recargarla (el resultado de un formulario, los avisos, el
            pase de banners detenido, las noticias agregadas con «Ver más») anunciado en una región dinámica.
          </li>
          <li>Las páginas públicas se leen sin JavaScript: los filtros son formularios comunes, las páginas son enlaces y el menú del teléfono se abre igual.</li>
        </ul>
      </section>

      <section aria-labelledby="a11y-limites" className="mb-4">
        <h2 id="a11y-limites" className="h4">
          Límites conocidos
        </h2>
        <ul>
          <li>
            Los PDF de normas antiguas son, muchas veces, imágenes escaneadas: su texto se reconoce automáticamente para la
            búsqueda y puede contener errores. El texto oficial es el publicado en el Boletín Oficial.
          </li>
          <li>Los PDF que suben las áreas del Concejo no siempre están etiquetados para lectores de pantalla.</li>
          <li>
            Los videos de las sesiones se muestran desde YouTube: sus subtítulos son los automáticos de ese servicio, cuando los
            hay.
          </li>
          <li>Las imágenes de los banners y de las noticias dependen de la descripción que cargue el personal.</li>
          <li>
            Los campos de fecha usan el selector del navegador: su forma de escribir la fecha y su calendario dependen del
            navegador y del idioma del equipo.
          </li>
        </ul>
      </section>

      <section aria-labelledby="a11y-contacto" className="mb-4">
        <h2 id="a11y-contacto" className="h4">
          Cómo informar una barrera
        </h2>
        <p>
          Si algo del sitio no le resulta accesible, avísenos: díganos en qué página estaba, qué quería hacer y con qué
          dispositivo o tecnología de apoyo.
          {hasContactDetails(contact) ? (
            <>
              {' '}
              Puede comunicarse con el Concejo por estos medios, que también figuran en la sección {contactSection} de la página de
              inicio y al pie de cada página:
            </>
          ) : (
            <> Puede escribirnos por los medios de la sección {contactSection} de la página de inicio.</>
          )}
        </p>
        <ContactDetails contact={contact} className="mb-3" />
        <p>
          También puede escribirnos por nuestras redes o acercarse a la Mesa de Entradas del Concejo. Le daremos la información
          que necesite por otro medio mientras lo resolvemos.
        </p>
      </section>

      <p className="text-body-secondary small mb-0">Última revisión de esta declaración: {STATEMENT_REVIEWED}.</p>
    </article>
  );
}
