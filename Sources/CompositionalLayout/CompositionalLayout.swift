// Placeholder; replaced as the module grows.
