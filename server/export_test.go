package server

// TableStatuses is tableStatuses for the external tests.
var TableStatuses = tableStatuses
