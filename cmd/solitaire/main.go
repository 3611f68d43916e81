// Command solitaire is a patience collection for the terminal.
package main

import (
	"os"

	"solitaire/cmd"
)

func main() { os.Exit(cmd.Run()) }
