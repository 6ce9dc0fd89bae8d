import { PUBLIC_STATE_LABELS, REGULATION_MESSAGES, projectName, type PublishedProject } from '@concejo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useCouncilDates } from '../../../components/site';
import { SubscribeBox } from '../../../components/subscribe-box';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { publishedProjectQueryOptions } from '../api/get-published-project';
import { NormPath } from '../components/norm-path';
import { FactList, PageCrumbs, PageMissing } from '../components/page-parts';

type Project = Extract<PublishedProject, { state: 'en_tramite' }>;

/** The public search narrowed to the projects in trámite. */
const PROJECTS_LIST = `${paths.regulations.getHref()}?estado=en_tramite`;

function Facts({ project }: { project: Project }) {
  const { formatDate } = useCouncilDates();
  const facts: [string, string][] = [
    ['Expediente', project.expediente],
    ['Ingreso', formatDate(project.created_at)],
  ];
  if (project.authors.length) facts.push([project.authors.length === 1 ? 'Autor' : 'Autores', project.authors.map((author) => author.name).join(', ')]);
  if (project.keywords.length) facts.push(['Palabras clave', project.keywords.map((keyword) => keyword.word).join(', ')]);
  return <FactList facts={facts} />;
}

/**
 * /normativas/expediente/{expediente} (DESIGN.md 9.2): a project of a public type that an agenda listed,
 * rendered on the server: "En trámite", its expediente, authors, subject, timeline and process PDF. Once
 * enacted, the server sends its address to the norm's page (301).
 */
export function PublicProjectPage() {
  const { expediente = '' } = useParams();
  const fetched = useQuery(publishedProjectQueryOptions(expediente));
  const project = fetched.data;

  if (!project || project.state !== 'en_tramite') {
    const missing = fetched.error instanceof ApiError && fetched.error.status === 404;
    return <PageMissing message={missing ? REGULATION_MESSAGES.projectNotFound : REGULATION_MESSAGES.detailError} href={PROJECTS_LIST} label="Ver los proyectos en trámite" />;
  }

  const name = projectName(project);
  return (
    <article className="regulation-page">
      <PageCrumbs parent={{ href: PROJECTS_LIST, label: 'Proyectos en trámite' }} current={`Expediente ${project.expediente}`} />
      <header className="mb-3">
        <h1 className="mb-2">{name}</h1>
        <p className="mb-2">
          <span className="visually-hidden">Estado: </span>
          <span className="badge text-bg-info fs-6">{PUBLIC_STATE_LABELS.en_tramite}</span>
        </p>
        {project.subject && <p className="lead norm-subject">{project.subject}</p>}
      </header>
      <p className="alert alert-light border">Este proyecto todavía no es norma: se publica porque figura en el orden del día de una sesión. Su texto puede cambiar durante el trámite.</p>
      <Facts project={project} />
      {project.pdf_process ? (
        <div className="d-flex flex-wrap gap-2 norm-pdf">
          <a href={project.pdf_process} className="btn btn-primary" target="_blank" rel="noopener">
            Abrir el PDF del proyecto<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </div>
      ) : (
        <p className="text-body-secondary">Este proyecto no tiene PDF publicado.</p>
      )}
      <NormPath actions={project.actions} />
      <div className="d-flex flex-wrap gap-2 mt-4">
        <a href={PROJECTS_LIST} className="btn btn-outline-primary" data-enhance="back">
          Volver
        </a>
      </div>
      <SubscribeBox id="project-alert" title="Avisarme cuando este proyecto avance" followed={`cada paso del trámite del ${name.charAt(0).toLowerCase()}${name.slice(1)}`} request={{ kind: 'regulation', regulation_id: project.id }} />
    </article>
  );
}
