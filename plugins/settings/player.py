"""`project.get-player-settings` / `project.set-player-settings`: the documented PlayerSettings fields.

Only fields present in every verified layout (PlayerSettings 26 and 28, see `versions.py`) are offered; anything
else is refused by the input schema. Enum fields take Unity's API names; the numbers are Unity's enum values
(`UIOrientation`, `FullScreenMode`, `ColorSpace`), e.g. minigolf, a portrait game (720x1280), has
`defaultScreenOrientation: 0` (Portrait). Per-platform maps (`applicationIdentifier`, `scriptingDefineSymbols`,
`buildNumber`) are keyed by Unity's build-target-group names and kept sorted as Unity writes them
(`Android`, `Nintendo Switch`, `Standalone`, `iPhone`, `tvOS`: ordinal order).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.plugins.settings.settings_file import (
    SettingsFile,
    read_settings,
    read_settings_or_unreadable,
    stage_edit,
)
from unitycli.plugins.settings.versions import PLAYER
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles.unreadable import UNREADABLE_DESCRIPTION, UnreadableFile
from unitycli.unityyaml import Mapping, Scalar

ORIENTATIONS = {"Portrait": 0, "PortraitUpsideDown": 1, "LandscapeRight": 2, "LandscapeLeft": 3, "AutoRotation": 4}
FULLSCREEN_MODES = {"ExclusiveFullScreen": 0, "FullScreenWindow": 1, "MaximizedWindow": 2, "Windowed": 3}
COLOR_SPACES = {"Gamma": 0, "Linear": 1}
ENUMS = {"defaultScreenOrientation": ORIENTATIONS, "fullScreenMode": FULLSCREEN_MODES, "colorSpace": COLOR_SPACES}

# Build-target-group keys seen in these maps over all fixture ProjectSettings.asset files.
Platform = Literal["Android", "Bratwurst", "EmbeddedLinux", "GameCoreScarlett", "GameCoreXboxOne", "Lumin",
                   "Nintendo Switch", "PS4", "PS5", "QNX", "Stadia", "Standalone", "Tizen", "VisionOS", "WebGL",
                   "Windows Store Apps", "XboxOne", "iPhone", "tvOS"]

# tool field -> (YAML key, kind). Kinds: text, int, bool, enum, platforms.
FIELDS: dict[str, tuple[str, str]] = {
    "companyName": ("companyName", "text"),
    "productName": ("productName", "text"),
    "bundleVersion": ("bundleVersion", "text"),
    "applicationIdentifier": ("applicationIdentifier", "platforms"),
    "buildNumber": ("buildNumber", "platforms"),
    "scriptingDefineSymbols": ("scriptingDefineSymbols", "platforms"),
    "defaultScreenOrientation": ("defaultScreenOrientation", "enum"),
    "allowedAutorotateToPortrait": ("allowedAutorotateToPortrait", "bool"),
    "allowedAutorotateToPortraitUpsideDown": ("allowedAutorotateToPortraitUpsideDown", "bool"),
    "allowedAutorotateToLandscapeRight": ("allowedAutorotateToLandscapeRight", "bool"),
    "allowedAutorotateToLandscapeLeft": ("allowedAutorotateToLandscapeLeft", "bool"),
    "defaultScreenWidth": ("defaultScreenWidth", "int"),
    "defaultScreenHeight": ("defaultScreenHeight", "int"),
    "defaultIsNativeResolution": ("defaultIsNativeResolution", "bool"),
    "fullScreenMode": ("fullscreenMode", "enum"),
    "resizableWindow": ("resizableWindow", "bool"),
    "runInBackground": ("runInBackground", "bool"),
    "visibleInBackground": ("visibleInBackground", "bool"),
    "allowFullscreenSwitch": ("allowFullscreenSwitch", "bool"),
    "colorSpace": ("m_ActiveColorSpace", "enum"),
    "showUnitySplashScreen": ("m_ShowUnitySplashScreen", "bool"),
    "androidBundleVersionCode": ("AndroidBundleVersionCode", "int"),
    "androidMinSdkVersion": ("AndroidMinSdkVersion", "int"),
    "iOSTargetOSVersion": ("iOSTargetOSVersionString", "text"),
}

_TEXT = Field(None, min_length=1, max_length=1024, pattern=r"^[^\x00-\x1f]*$")
_ID = Field(None, description="Per platform, e.g. {\"Android\": \"com.acme.game\"} (reverse-DNS bundle id).")


class PlayerSettingsValues(ToolOutput):
    """The documented fields as read; None when the file lacks the key."""

    company_name: str | None = None
    product_name: str | None = None
    bundle_version: str | None = Field(None, description="The version string (PlayerSettings.bundleVersion).")
    application_identifier: dict[str, str] | None = Field(None, description="Bundle id per build target group.")
    build_number: dict[str, str] | None = None
    scripting_define_symbols: dict[str, str] | None = Field(
        None, description="Per build target group, `;`-separated. The key \"\" exists in some real files.")
    default_screen_orientation: str | None = None
    allowed_autorotate_to_portrait: bool | None = None
    allowed_autorotate_to_portrait_upside_down: bool | None = None
    allowed_autorotate_to_landscape_right: bool | None = None
    allowed_autorotate_to_landscape_left: bool | None = None
    default_screen_width: int | None = None
    default_screen_height: int | None = None
    default_is_native_resolution: bool | None = None
    full_screen_mode: str | None = None
    resizable_window: bool | None = None
    run_in_background: bool | None = None
    visible_in_background: bool | None = None
    allow_fullscreen_switch: bool | None = None
    color_space: str | None = None
    show_unity_splash_screen: bool | None = None
    android_bundle_version_code: int | None = None
    android_min_sdk_version: int | None = None
    i_os_target_os_version: str | None = Field(None, alias="iOSTargetOSVersion")


class PlayerSettingsGetInput(ToolInput):
    pass


class PlayerSettingsGetOutput(ToolOutput):
    file: str = PLAYER.path
    revision: str | None = Field(description="Pass as expectedRevision to a later set; null when unreadable.")
    serialized_version: int | None
    layout_verified: bool
    settings: PlayerSettingsValues = Field(description="Every field null when the file is unreadable.")
    warnings: list[str]
    unreadable: list[UnreadableFile] = Field(default_factory=list, description=UNREADABLE_DESCRIPTION)


class PlayerSettingsSetInput(ToolInput):
    """Only the fields given are changed; unknown fields are refused."""

    company_name: str | None = _TEXT
    product_name: str | None = _TEXT
    bundle_version: str | None = Field(None, min_length=1, max_length=64, pattern=r"^[^\x00-\x1f]*$",
                                       description="The version string, e.g. 1.2.0.")
    application_identifier: dict[Platform, str] | None = _ID
    build_number: dict[Platform, str] | None = None
    scripting_define_symbols: dict[Platform, str] | None = Field(
        None, description="Per platform, the whole `;`-separated list, e.g. {\"Standalone\": \"A;B\"}.")
    default_screen_orientation: Literal["Portrait", "PortraitUpsideDown", "LandscapeRight", "LandscapeLeft",
                                        "AutoRotation"] | None = None
    allowed_autorotate_to_portrait: bool | None = None
    allowed_autorotate_to_portrait_upside_down: bool | None = None
    allowed_autorotate_to_landscape_right: bool | None = None
    allowed_autorotate_to_landscape_left: bool | None = None
    default_screen_width: int | None = Field(None, ge=1, le=65535)
    default_screen_height: int | None = Field(None, ge=1, le=65535)
    default_is_native_resolution: bool | None = None
    full_screen_mode: Literal["ExclusiveFullScreen", "FullScreenWindow", "MaximizedWindow", "Windowed"] | None = None
    resizable_window: bool | None = None
    run_in_background: bool | None = None
    visible_in_background: bool | None = None
    allow_fullscreen_switch: bool | None = None
    color_space: Literal["Gamma", "Linear"] | None = None
    show_unity_splash_screen: bool | None = None
    android_bundle_version_code: int | None = Field(None, ge=1, le=2100000000)
    android_min_sdk_version: int | None = Field(None, ge=1, le=100)
    i_os_target_os_version: str | None = Field(None, alias="iOSTargetOSVersion", pattern=r"^[0-9]+(\.[0-9]+){0,2}$")
    expected_revision: str | None = Field(None, description="Refuse unless the file is still at this revision.")

    @model_validator(mode="after")
    def _something_to_set(self) -> PlayerSettingsSetInput:
        if not self.changes():
            raise ValueError(f"give at least one field to set: {', '.join(FIELDS)}")
        for name, value in self.changes().items():
            if FIELDS[name][1] == "platforms":
                bad = [v for v in value.values() if not v or any(ord(c) < 32 for c in v)]
                if bad:
                    raise ValueError(f"{name}: values must be non-empty single-line text")
        return self

    def changes(self) -> dict[str, Any]:
        """The fields given, by tool field name (camelCase)."""
        dumped = self.model_dump(by_alias=True, exclude_none=True, exclude={"expected_revision"})
        return {name: value for name, value in dumped.items() if name in FIELDS}


class PlayerSettingsSetOutput(ToolOutput):
    file: str = PLAYER.path
    changed: list[str] = Field(description="Fields whose value changed (empty when all already had the value).")
    previous: dict[str, Any] = Field(description="The changed fields before the edit, by field name.")
    settings: PlayerSettingsValues = Field(description="All documented fields after the edit.")
    revision: str = Field(description="Revision of the file after the edit (unchanged when nothing changed).")
    verified: bool = Field(description="The written bytes were parsed again and hold exactly the intended values.")


def _read_field(root: Mapping, name: str) -> Any:
    key, kind = FIELDS[name]
    node = root.get(key)
    if node is None:
        return None
    if kind == "platforms":
        if not isinstance(node, Mapping):
            return None
        return {k: v.text for k, v in node.items() if isinstance(v, Scalar)}
    if not isinstance(node, Scalar):
        return None
    if kind == "text":
        return node.text
    value = node.value
    if not isinstance(value, int):
        return None
    if kind == "bool":
        return bool(value)
    if kind == "enum":
        names = {number: label for label, number in ENUMS[name].items()}
        return names.get(value, str(value))
    return value


def read_values(settings: SettingsFile, names: list[str] | None = None) -> PlayerSettingsValues:
    root = settings.root
    return PlayerSettingsValues.model_validate({n: _read_field(root, n) for n in (names or FIELDS)})


def get_player_settings(ctx: ToolContext, request: PlayerSettingsGetInput) -> PlayerSettingsGetOutput:
    settings, unreadable = read_settings_or_unreadable(ctx, PLAYER)
    if settings is None:
        return PlayerSettingsGetOutput(revision=None, serialized_version=None, layout_verified=False,
                                       settings=PlayerSettingsValues(), warnings=[], unreadable=unreadable)
    return PlayerSettingsGetOutput(revision=settings.revision, serialized_version=settings.serialized_version,
                                   layout_verified=settings.verified, settings=read_values(settings),
                                   warnings=settings.warnings)


def _file_value(name: str, value: Any) -> Any:
    """The value as the file holds it: enum names become Unity's numbers, bools 1/0."""
    kind = FIELDS[name][1]
    if kind == "enum":
        return ENUMS[name][value]
    if kind == "bool":
        return 1 if value else 0
    return value


def _set_platforms(settings: SettingsFile, key: str, wanted: dict[str, str]) -> dict[str, Any]:
    """Change existing platform entries in place; a new platform re-emits the map in Unity's sorted order."""
    node = settings.root[key]
    if not isinstance(node, Mapping):
        raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED", f"{settings.path}: {key} is not a platform map",
                            details={"file": settings.path, "path": key})
    current = {k: v.text for k, v in node.items() if isinstance(v, Scalar)}
    merged = dict(current) | wanted
    if merged == current:
        return current
    if set(merged) == set(current):
        for platform, value in wanted.items():
            if current[platform] != value:
                settings.doc.set(f'{key}["{platform}"]', value)
        return {k: merged[k] for k in current}
    ordered = {k: merged[k] for k in sorted(merged)}
    settings.doc.set(key, ordered)
    return ordered


def set_player_settings(ctx: ToolContext, request: PlayerSettingsSetInput) -> PlayerSettingsSetOutput:
    settings = read_settings(ctx, PLAYER, expected_revision=request.expected_revision, for_write=True)
    changes = request.changes()
    missing = [n for n in changes if FIELDS[n][0] not in settings.root]
    if missing:
        raise UnityCliError(
            "E_PROPERTY_NOT_FOUND", f"{settings.path} has no {', '.join(FIELDS[n][0] for n in missing)}",
            details={"file": settings.path, "fields": missing},
            next_actions=[],
            manual_steps=["Open the project in the Unity Editor once so it writes every player setting"])
    before = read_values(settings).model_dump(by_alias=True)
    intended: dict[str, Any] = {}
    for name, value in changes.items():
        key, kind = FIELDS[name]
        if kind == "platforms":
            intended[key] = _set_platforms(settings, key, value)
        else:
            intended[key] = _file_value(name, value)
            settings.doc.set(key, intended[key])
    after = read_values(settings)
    changed = [name for name in changes if after.model_dump(by_alias=True)[name] != before[name]]
    revision = stage_edit(ctx, settings, intended) or settings.revision
    return PlayerSettingsSetOutput(changed=changed, previous={n: before[n] for n in changed}, settings=after, revision=revision,
                                   verified=True)
