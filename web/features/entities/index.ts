// The entities feature's public face: other features import only from here (eslint enforces it).
export { AllocationCard, AllocationEditor } from './components/allocation-editor';
