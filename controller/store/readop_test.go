package store

import "solitaire/parser"

// readOp reads saved commands in the store's tests as the controller's reader does.
var readOp OpReader = parser.ParseOp
