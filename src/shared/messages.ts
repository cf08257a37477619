/**
 * The spec's own messages (SPEC 8), word for word: the server answers some of them and the admin
 * shows them, so each is written once, here.
 */
export const MESSAGES = {
  projectNotFound: 'Project not found!',
  sameSlug: "Project slug shouldn't be same",
  selectLanguage: 'Please select language',
  loading: 'Loading...',

  fetchProjectDetails: 'Failed to fetch project details',
  fetchProjectTranslations: 'Failed to fetch project translations',
  fetchProjects: 'Failed to fetch projects',
  fetchLanguages: 'Failed to fetch languages',
  fetchReviewDetails: 'Failed to fetch review details',
  fetchReviews: 'Failed to fetch reviews',
  fetchLanguageDetails: 'Failed to fetch language details',
  fetchTranslationDetails: 'Failed to fetch translation details',

  updateProject: 'Failed to update project',
  updateReview: 'Failed to update Review',
  updateLanguage: 'Failed to update Language',
  updateTranslation: 'Failed to update translation',

  deleteProject: 'Failed to delete the project',
  deleteReview: 'Failed to delete the review',
  deleteLanguage: 'Failed to delete the language',

  loginFailed: 'Login failed',
  addReview: 'Failed to add review',
  addLanguage: 'Failed to add language',
  addTranslation: 'Failed to add translation',
  addProject: 'Failed to add project',

  projectUpdated: 'Project updated successfully!',
  reviewUpdated: 'Review updated successfully!',
  languageUpdated: 'Language updated successfully!',
  translationUpdated: 'translation updated successfully!',
  translationPageAdded: 'Translation page added successfully',
} as const
