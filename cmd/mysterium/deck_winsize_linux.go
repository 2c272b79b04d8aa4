package main

import (
	"os"
	"syscall"
	"unsafe"

	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// ttyCell is the cell size the kernel was told by the terminal (xterm and
// kitty fill the window's pixels in its size), or zero.
func ttyCell(tty *os.File) graphics.Pixels {
	var ws struct{ Row, Col, X, Y uint16 }
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, tty.Fd(), uintptr(syscall.TIOCGWINSZ), uintptr(unsafe.Pointer(&ws))); errno != 0 || ws.Col == 0 || ws.Row == 0 {
		return graphics.Pixels{}
	}
	return (graphics.Caps{Win: graphics.Pixels{W: int(ws.X), H: int(ws.Y)}}).CellSize(int(ws.Col), int(ws.Row))
}
