// The demo feature's public face: other features import only from here (eslint enforces it).
export { demoStepLabel, useLoadDemoData } from './api/load-demo-data';
export { LoadDemoButton } from './components/load-demo-button';
