// The entities feature's public face: other features import only from here (eslint enforces it).
export { entityKeys } from './api/keys';
export { AllocationCard, AllocationEditor } from './components/allocation-editor';
