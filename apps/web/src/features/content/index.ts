// The cm panel's pages load on demand, inside the staff panel only; the editor (Quill) loads later still,
// when a news form opens.
export const loadBannerListPage = async () => ({ Component: (await import('./pages/banner-list-page')).BannerListPage });
export const loadBannerCreatePage = async () => ({ Component: (await import('./pages/banner-create-page')).BannerCreatePage });
export const loadNewsManagePage = async () => ({ Component: (await import('./pages/news-manage-page')).NewsManagePage });
export const loadNewsCreatePage = async () => ({ Component: (await import('./pages/news-create-page')).NewsCreatePage });
export const loadContactsUploadPage = async () => ({ Component: (await import('./pages/contacts-upload-page')).ContactsUploadPage });
