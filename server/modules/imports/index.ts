// The imports module's public face: other modules import only from here (eslint enforces it).
