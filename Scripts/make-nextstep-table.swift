// Prints the table `NeXTSTEPLatin.swift` holds: the Unicode scalar of each byte 0x80–0xFF
// of the NeXTSTEP encoding, as Foundation on this machine decodes it
// (`String(bytes:encoding: .nextstep)`), 0 for a byte it does not decode.
// Run: swift Scripts/make-nextstep-table.swift
import Foundation

var values: [String] = []
for byte in 0x80...0xFF {
  if let text = String(bytes: [UInt8(byte)], encoding: .nextstep),
    text.unicodeScalars.count == 1
  {
    values.append(String(format: "0x%04X", text.unicodeScalars.first!.value))
  } else {
    values.append("0x0000")
  }
}
for row in stride(from: 0, to: values.count, by: 8) {
  print("    " + values[row..<min(row + 8, values.count)].joined(separator: ", ") + ",")
}
