// FX rates and conversions (issue 19): the public face other modules import.
export {};
