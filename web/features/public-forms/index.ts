// The public-forms feature's public face: other features import only from here (eslint enforces it).
export { useSubmitContactRequest } from './api/submit-contact-request';
