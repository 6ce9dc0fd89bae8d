import { FILES_PATH } from '@concejo/contracts';

/** Where stored files are served: `${API_BASE}${FILES_PREFIX}/<folder>/<name>` (modules/files). */
export const FILES_PREFIX = FILES_PATH;

/**
 * Folders whose files anyone may download (the agendas' PDFs: public once made), the folders of files
 * public exactly while what they belong to is (approved PDFs and the despachos' PDFs of a norm's
 * trámite: while their norm is public; a project's PDF while an agenda has made the project public; otherwise, and for staff, through a signed link), and folders
 * reached only through a signed link.
 */
export const PUBLIC_FOLDERS = ['day-orders'] as const;
export const WHILE_PUBLIC_FOLDERS = ['regulations-approved', 'regulation-steps', 'regulations-process'] as const;
export const PRIVATE_FOLDERS = ['day-orders-docx'] as const;
/** Folders of the home page's images (banners, news, contact): public, re-encoded by the server. */
export const IMAGE_FOLDERS = ['banners', 'news', 'contact'] as const;
