"""Java object serialization streams of TripleA saves, read with javaobj-py3 (no Java needed).

Two deviations from javaobj's stock parser:

- A class with a custom ``writeObject`` that never calls ``defaultWriteObject`` (TripleA 1.9's
  ``DelegateList``) declares fields but writes none; the stock parser then meets the end-of-block
  marker where it expects the first field and stops ("Unknown type code 0x78"). We notice that case
  (a block marker where an object field must start) and read the class's annotations only.
- Arrays are checked against the bytes left, and primitive arrays are read in one go, so a hostile
  length field cannot make us allocate more than the input can hold. An object array holds at most
  MAX_JAVA_ARRAY elements, a collection (its custom-written elements) at most MAX_JAVA_COLLECTION, and the
  stream at most MAX_JAVA_TOP_LEVEL top-level objects (compiler/limits.py): a crafted stream of millions of
  nulls or of references to one object is refused, not read one by one.
"""

from __future__ import annotations

import array
import io
import itertools
import struct
import sys
from typing import Any

from javaobj.constants import TerminalCode, TypeCode
from javaobj.modifiedutf8 import decode_modified_utf8
from javaobj.v2.api import ObjectTransformer
from javaobj.v2.beans import (
    ClassDataType,
    ContentType,
    FieldType,
    JavaInstance,
    JavaString,
    ParsedJavaContent,
)
from javaobj.v2.core import JavaStreamParser
from javaobj.v2.stream import DataStreamReader
from javaobj.v2.transformers import DefaultObjectTransformer

from compiler.limits import MAX_JAVA_ARRAY, MAX_JAVA_COLLECTION, MAX_JAVA_TOP_LEVEL

# Type codes that can never start an object field's value: end of block, block data.
_NOT_A_VALUE = {TerminalCode.TC_ENDBLOCKDATA, TerminalCode.TC_BLOCKDATA, TerminalCode.TC_BLOCKDATALONG}
_PRIMITIVE_ARRAYS = {
    TypeCode.TYPE_BYTE: "b",
    TypeCode.TYPE_SHORT: "h",
    TypeCode.TYPE_INTEGER: "i",
    TypeCode.TYPE_LONG: "q",
    TypeCode.TYPE_FLOAT: "f",
    TypeCode.TYPE_DOUBLE: "d",
    TypeCode.TYPE_BOOLEAN: "B",
}


# struct codes of the primitive field types (big-endian, as Java writes them).
_PRIMITIVE_FIELDS = {
    FieldType.BYTE: "b",
    FieldType.CHAR: "H",
    FieldType.DOUBLE: "d",
    FieldType.FLOAT: "f",
    FieldType.INTEGER: "i",
    FieldType.LONG: "q",
    FieldType.SHORT: "h",
    FieldType.BOOLEAN: "?",
}


_OBJECT_FIELDS = frozenset({FieldType.OBJECT, FieldType.ARRAY})
_DECLARED_SIZE = {"java.util.ArrayList": "size"}
"""collections whose element count is a field, read before their elements"""
_BYTE, _UBYTE, _USHORT, _INT = (struct.Struct(code) for code in (">b", ">B", ">H", ">i"))


class StreamError(ValueError):
    """The stream is not a well-formed Java serialization stream."""


def decode_java_utf(data: bytes) -> str:
    """Java's modified UTF-8, with a fast path for the usual case (no NUL, no surrogate pairs)."""
    if data.isascii():
        return data.decode("ascii")
    if b"\xc0" not in data and b"\xed" not in data:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass
    return decode_modified_utf8(data)[0]


class _String(JavaString):
    """A Java string decoded with decode_java_utf."""

    def __init__(self, handle: int, data: bytes) -> None:
        ParsedJavaContent.__init__(self, ContentType.STRING)
        self.handle = handle
        self.value = decode_java_utf(data)
        self.length = len(data)


class _Reader(DataStreamReader):
    """javaobj's reader with precompiled struct formats and the fast string decoder."""

    _structs: dict[str, struct.Struct] = {}

    def __init__(self, fd: io.BytesIO) -> None:
        super().__init__(fd)
        self._fd = fd

    def read(self, struct_format: str) -> tuple:
        packer = self._structs.get(struct_format)
        if packer is None:
            packer = self._structs[struct_format] = struct.Struct(struct_format)
        return self.unpack(packer)

    def unpack(self, packer: struct.Struct) -> tuple:
        """The values `packer` reads next; EOFError when the stream ends first."""
        raw = self._fd.read(packer.size)
        if len(raw) != packer.size:
            raise EOFError("Stream has ended unexpectedly while parsing.")
        return packer.unpack(raw)

    # The reads of every type code, handle and length: without the format look-up of `read`.
    def read_byte(self) -> int:
        return self.unpack(_BYTE)[0]

    def read_ubyte(self) -> int:
        return self.unpack(_UBYTE)[0]

    def read_ushort(self) -> int:
        return self.unpack(_USHORT)[0]

    def read_int(self) -> int:
        return self.unpack(_INT)[0]

    def read_UTF(self) -> str:  # noqa: N802 - the name javaobj calls
        length = self.read_ushort()
        raw = self._fd.read(length)
        if len(raw) != length:
            raise EOFError("Stream has ended inside a string.")
        return decode_java_utf(raw)


class _BoundedArrays(ObjectTransformer):
    """Refuses array lengths the remaining input cannot hold; reads primitive arrays in bulk."""

    def __init__(self, fd: io.BytesIO, total: int) -> None:
        self._fd = fd
        self._total = total

    def load_array(self, reader: Any, type_code: Any, size: int) -> list | None:
        left = self._total - self._fd.tell()
        if size > left:
            raise StreamError(f"array of {size} elements but only {left} bytes left")
        fmt = _PRIMITIVE_ARRAYS.get(type_code)
        if fmt is None:
            if size > MAX_JAVA_ARRAY:
                raise StreamError(f"an object array of {size} elements (more than {MAX_JAVA_ARRAY:,}): refused")
            return None
        width = struct.calcsize(fmt)
        raw = self._fd.read(size * width)
        if len(raw) != size * width:
            raise StreamError("stream ends inside an array")
        values = array.array(fmt)
        values.frombytes(raw)
        if sys.byteorder == "little" and width > 1:
            values.byteswap()
        if fmt == "B":
            return [bool(v) for v in values]
        return values.tolist()


class TripleAStreamParser(JavaStreamParser):
    """javaobj's stream parser, tolerant of classes that declare fields but write none."""

    def __init__(self, data: bytes) -> None:
        self._data_fd = io.BytesIO(data)
        self._total = len(data)
        guards = _BoundedArrays(self._data_fd, len(data))
        super().__init__(self._data_fd, [guards, DefaultObjectTransformer()])
        self._JavaStreamParser__reader = _Reader(self._data_fd)
        self._level = 0
        self._top_level = 0
        self._layouts: dict[Any, tuple[list, struct.Struct, list]] = {}

    def _read_content(self, type_code: int, block_data: bool, class_desc: Any = None) -> Any:
        """javaobj's, counting the top-level objects (TripleA writes under a hundred)."""
        if self._level == 0:
            self._top_level += 1
            if self._top_level > MAX_JAVA_TOP_LEVEL:
                raise StreamError(f"more than {MAX_JAVA_TOP_LEVEL:,} top-level objects: refused")
        self._level += 1
        try:
            return super()._read_content(type_code, block_data, class_desc)
        finally:
            self._level -= 1

    def _read_new_string(self, type_code: int) -> JavaString:
        if type_code == TerminalCode.TC_REFERENCE:
            previous = self._do_reference()
            if not isinstance(previous, JavaString):
                raise StreamError("a string reference points to something else")
            return previous
        if type_code == TerminalCode.TC_STRING:
            length = self._JavaStreamParser__reader.read_ushort()
        elif type_code == TerminalCode.TC_LONGSTRING:
            length = self._JavaStreamParser__reader.read_long()
        else:
            raise StreamError(f"expected a string, found type code 0x{type_code & 0xFF:x}")
        if length < 0 or length > self._total - self._data_fd.tell():
            raise EOFError(f"a string of {length} bytes runs past the end of the stream")
        handle = self._new_handle()
        java_str = _String(handle, self._data_fd.read(length))
        self._set_handle(handle, java_str)
        return java_str

    def _read_class_annotations(self, class_desc: Any = None) -> list:
        """A class's custom-written data up to its end-of-block marker, at most MAX_JAVA_COLLECTION objects
        (a collection's elements)."""
        reader = self._JavaStreamParser__reader
        contents: list = []
        while True:
            type_code = reader.read_byte()
            if type_code == TerminalCode.TC_ENDBLOCKDATA:
                return contents
            if type_code == TerminalCode.TC_RESET:
                self._reset()
                continue
            if len(contents) >= MAX_JAVA_COLLECTION:
                raise StreamError(_too_many(class_desc, len(contents) + 1))
            content = self._read_content(type_code, True, class_desc)
            if content is not None and content.is_exception:
                raise StreamError("the stream holds an exception where a collection's element should be")
            contents.append(content)

    def _check_declared_size(self, cd: Any, values: dict) -> None:
        size_field = _DECLARED_SIZE.get(cd.name)
        if size_field is None:
            return
        size = next((value for field, value in values.items() if field.name == size_field), 0)
        if size > MAX_JAVA_COLLECTION:
            raise StreamError(_too_many(cd, size))

    def _fields_skipped(self, cd: Any) -> bool:
        """True when a custom-written class wrote no default fields (its first field is an object)."""
        if not cd.fields or cd.fields[0].type not in (FieldType.OBJECT, FieldType.ARRAY):
            return False
        pos = self._data_fd.tell()
        nxt = self._data_fd.read(1)
        self._data_fd.seek(pos)
        return bool(nxt) and nxt[0] in _NOT_A_VALUE

    def _read_fields(self, cd: Any) -> dict:
        """The field values of one class of an object: the leading primitive ones (Java writes them
        first) in one struct read, whose format is made once per class description; then the rest."""
        layout = self._layouts.get(cd)
        if layout is None:
            primitive = list(itertools.takewhile(lambda f: f.type in _PRIMITIVE_FIELDS, cd.fields))
            codes = ">" + "".join(_PRIMITIVE_FIELDS[f.type] for f in primitive)
            layout = self._layouts[cd] = (primitive, struct.Struct(codes), cd.fields[len(primitive):])
        primitive, packer, objects = layout
        values: dict = {}
        for field, value in zip(primitive, self._JavaStreamParser__reader.unpack(packer), strict=True):
            values[field] = chr(value) if field.type == FieldType.CHAR else value
        for field in objects:
            values[field] = self._read_field_value(field.type)
        return values

    def _read_field_value(self, field_type: Any) -> Any:
        """An object field's value (a primitive one is read with its class's others, in _read_fields):
        null, a reference, a new array (an array field admits nothing else) or a new object."""
        if field_type not in _OBJECT_FIELDS:
            return super()._read_field_value(field_type)
        type_code = self._JavaStreamParser__reader.read_byte()
        if field_type == FieldType.ARRAY:
            if type_code == TerminalCode.TC_NULL:
                return None
            if type_code == TerminalCode.TC_REFERENCE:
                return self._do_reference(type_code)
            if type_code != TerminalCode.TC_ARRAY:
                raise StreamError(f"an array field holds type code 0x{type_code & 0xFF:x}")
        content = self._read_content(type_code, False)
        if content is not None and content.is_exception:
            raise StreamError("the stream holds an exception where a field's value should be")
        return content

    def _read_class_data(self, instance: JavaInstance) -> None:
        classes: list = []
        instance.classdesc.get_hierarchy(classes)
        all_data: dict = {}
        annotations: dict = {}
        for cd in classes:
            cd.validate()
            kind = cd.data_type
            if kind in (ClassDataType.NOWRCLASS, ClassDataType.WRCLASS):
                if kind == ClassDataType.WRCLASS and instance.is_external_instance:
                    annotations[cd] = self._read_class_annotations(cd)
                    continue
                values: dict = {}
                if not (kind == ClassDataType.WRCLASS and self._fields_skipped(cd)):
                    values = self._read_fields(cd)
                    self._check_declared_size(cd, values)
                all_data[cd] = values
                if kind == ClassDataType.WRCLASS:
                    annotations[cd] = self._read_class_annotations(cd)
            else:
                if kind == ClassDataType.OBJECT_ANNOTATION and not instance.load_from_blockdata(
                    self, self._JavaStreamParser__reader
                ):
                    raise StreamError(f"cannot read externalized data of {cd.name}")
                annotations[cd] = self._read_class_annotations(cd)
        instance.annotations = annotations
        instance.field_data = all_data
        instance.load_from_instance()


def _too_many(class_desc: Any, count: int) -> str:
    name = getattr(class_desc, "name", None) or "a class"
    return (f"a {name} of {count:,} elements (more than {MAX_JAVA_COLLECTION:,}; the longest real histories hold "
            "about 1,000 per round): refused")


def parse_stream(data: bytes) -> list[Any]:
    """Every top-level object of a Java serialization stream, in order."""
    return TripleAStreamParser(data).run()
