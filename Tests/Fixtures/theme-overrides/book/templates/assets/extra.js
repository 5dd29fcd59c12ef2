// A file the default theme does not have: copied along with the theme's assets.
